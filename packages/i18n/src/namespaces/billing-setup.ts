import da from '../locales/da/billing-setup.json';
import en from '../locales/en/billing-setup.json';
import { defineNamespace } from '../translator';

export const billingSetupMessages = defineNamespace('billing-setup', en, da);
