import da from '../locales/da/events.json';
import en from '../locales/en/events.json';
import { defineNamespace } from '../translator';

export const eventsMessages = defineNamespace('events', en, da);
