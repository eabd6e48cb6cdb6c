import da from '../locales/da/setup.json';
import en from '../locales/en/setup.json';
import { defineNamespace } from '../translator';

export const setupMessages = defineNamespace('setup', en, da);
