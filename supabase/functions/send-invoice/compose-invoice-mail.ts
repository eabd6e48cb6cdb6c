// The e-mail that carries an invoice, credit note or reminder, in the account's language.
import { documentTexts, type InvoiceDocument } from './invoice-document';

export interface InvoiceMail {
  subject: string;
  text: string;
  fileName: string;
}

export function composeInvoiceMail(
  doc: InvoiceDocument,
  reminder: InvoiceDocument['reminders'][number] | null,
): InvoiceMail {
  const { t, money, day } = documentTexts(doc);
  const { invoice, club, account } = doc;
  const number = invoice.number ?? '';
  const owed = invoice.total_ore + invoice.fees_ore - invoice.paid_ore;
  let subject: string;
  let body: string;
  if (reminder) {
    subject = t('mail.reminderSubject', { seq: reminder.seq, number, club: club.name });
    body = t('mail.reminderBody', {
      number,
      due: day(invoice.due_on),
      amount: money(owed),
      fee: money(reminder.fee_ore),
    });
  } else if (invoice.kind === 'credit_note') {
    subject = t('mail.creditNoteSubject', { number, club: club.name });
    body = t('mail.creditNoteBody', { number, credited: invoice.credited_number ?? '' });
  } else {
    subject = t('mail.invoiceSubject', { number, club: club.name });
    body = t('mail.invoiceBody', { number, amount: money(owed), due: day(invoice.due_on) });
  }
  // The FI payment line (decision 1060) whenever something is to be paid: invoice and reminder.
  const fiLine =
    invoice.kind === 'invoice' && doc.fi && owed > 0 ? t('mail.fiLine', { line: doc.fi.line }) : null;
  const text = [
    t('mail.greeting', { name: account.name }),
    body,
    fiLine,
    t('mail.signature', { club: club.name }),
  ]
    .filter((part): part is string => part !== null)
    .join('\n\n');
  return { subject, text, fileName: t('mail.fileName', { number }) };
}
