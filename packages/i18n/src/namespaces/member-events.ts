import da from '../locales/da/member-events.json';
import en from '../locales/en/member-events.json';
import { defineNamespace } from '../translator';

export const memberEventsMessages = defineNamespace('member-events', en, da);
