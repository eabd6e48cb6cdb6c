import da from '../locales/da/common.json';
import en from '../locales/en/common.json';
import { defineNamespace } from '../translator';

export const commonMessages = defineNamespace('common', en, da);
