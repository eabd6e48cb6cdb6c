import da from '../locales/da/orders.json';
import en from '../locales/en/orders.json';
import { defineNamespace } from '../translator';

export const ordersMessages = defineNamespace('orders', en, da);
