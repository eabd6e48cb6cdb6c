import da from '../locales/da/member-news.json';
import en from '../locales/en/member-news.json';
import { defineNamespace } from '../translator';

export const memberNewsMessages = defineNamespace('member-news', en, da);
