// The shape invoice_document() returns (docs/decisions/0865), and the texts of the invoice
// in the account's language.
import { createFormatters, createTranslator, type Formatters, type Language } from '@club/i18n';
import type { InvoiceDocument } from '@club/schemas';
import { invoiceDocumentMessages } from '@club/i18n/namespaces/invoice-document';

export type { InvoiceDocument } from '@club/schemas';

export interface DocumentTexts {
  language: Language;
  t: ReturnType<typeof createTranslator<(typeof invoiceDocumentMessages)['messages']['en']>>;
  format: Formatters;
  /** Money in the document's currency; the minus sign as a hyphen, which every PDF font has. */
  money(ore: number): string;
  /** A calendar date (YYYY-MM-DD) as the language writes it. */
  day(value: string | null): string;
}

export function documentTexts(doc: InvoiceDocument): DocumentTexts {
  const language: Language = doc.account.language === 'en' ? 'en' : 'da';
  const format = createFormatters(language, 'UTC');
  return {
    language,
    t: createTranslator(invoiceDocumentMessages, language),
    format,
    money: (ore) => format.money(ore, doc.invoice.currency).replace(/\u2212/g, '-'),
    day: (value) => (value ? format.date(`${value}T12:00:00Z`, 'long') : ''),
  };
}
