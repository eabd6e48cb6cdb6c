import da from '../locales/da/shell.json';
import en from '../locales/en/shell.json';
import { defineNamespace } from '../translator';

export const shellMessages = defineNamespace('shell', en, da);
