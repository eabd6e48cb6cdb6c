import da from '../locales/da/member-app.json';
import en from '../locales/en/member-app.json';
import { defineNamespace } from '../translator';

export const memberAppMessages = defineNamespace('member-app', en, da);
