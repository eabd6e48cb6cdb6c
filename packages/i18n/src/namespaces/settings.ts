import da from '../locales/da/settings.json';
import en from '../locales/en/settings.json';
import { defineNamespace } from '../translator';

export const settingsMessages = defineNamespace('settings', en, da);
