import da from '../locales/da/rich-text.json';
import en from '../locales/en/rich-text.json';
import { defineNamespace } from '../translator';

export const richTextMessages = defineNamespace('richText', en, da);
