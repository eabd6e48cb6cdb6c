import da from '../locales/da/tags.json';
import en from '../locales/en/tags.json';
import { defineNamespace } from '../translator';

export const tagsMessages = defineNamespace('tags', en, da);
