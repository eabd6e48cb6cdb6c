import da from '../locales/da/clubs.json';
import en from '../locales/en/clubs.json';
import { defineNamespace } from '../translator';

export const clubsMessages = defineNamespace('clubs', en, da);
