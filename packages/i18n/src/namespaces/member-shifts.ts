import da from '../locales/da/member-shifts.json';
import en from '../locales/en/member-shifts.json';
import { defineNamespace } from '../translator';

export const memberShiftsMessages = defineNamespace('member-shifts', en, da);
