import da from '../locales/da/news.json';
import en from '../locales/en/news.json';
import { defineNamespace } from '../translator';

export const newsMessages = defineNamespace('news', en, da);
