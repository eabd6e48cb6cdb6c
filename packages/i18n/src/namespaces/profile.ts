import da from '../locales/da/profile.json';
import en from '../locales/en/profile.json';
import { defineNamespace } from '../translator';

export const profileMessages = defineNamespace('profile', en, da);
