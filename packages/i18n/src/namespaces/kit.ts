import da from '../locales/da/kit.json';
import en from '../locales/en/kit.json';
import { defineNamespace } from '../translator';

/** The shared UI kit's own words (lists, forms, dialogs, uploads, dates, charts). */
export const kitMessages = defineNamespace('kit', en, da);
