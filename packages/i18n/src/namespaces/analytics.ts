import da from '../locales/da/analytics.json';
import en from '../locales/en/analytics.json';
import { defineNamespace } from '../translator';

export const analyticsMessages = defineNamespace('analytics', en, da);
