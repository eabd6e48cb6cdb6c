import da from '../locales/da/booking.json';
import en from '../locales/en/booking.json';
import { defineNamespace } from '../translator';

export const bookingMessages = defineNamespace('booking', en, da);
