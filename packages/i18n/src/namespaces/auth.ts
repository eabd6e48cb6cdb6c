import da from '../locales/da/auth.json';
import en from '../locales/en/auth.json';
import { defineNamespace } from '../translator';

export const authMessages = defineNamespace('auth', en, da);
