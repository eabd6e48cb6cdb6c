import da from '../locales/da/invoice-document.json';
import en from '../locales/en/invoice-document.json';
import { defineNamespace } from '../translator';

export const invoiceDocumentMessages = defineNamespace('invoice-document', en, da);
