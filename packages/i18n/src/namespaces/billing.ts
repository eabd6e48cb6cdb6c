import da from '../locales/da/billing.json';
import en from '../locales/en/billing.json';
import { defineNamespace } from '../translator';

export const billingMessages = defineNamespace('billing', en, da);
