// Renders an invoice or credit note as an A4 PDF with pdfkit (docs/decisions/0866): the club
// with its address, e-mail and CVR, the payer, number, dates, one row per line with its VAT,
// the totals, and how to pay (with the FI-kort +71 line, decision 1060). Text only, in the
// standard Helvetica fonts, so nothing is read at run time but pdfkit's own font metrics.
import PDFDocument from 'pdfkit';
import { documentTexts, type InvoiceDocument } from './invoice-document';

const left = 50;
const right = 545;
const columns = { description: left, quantity: 300, unitPrice: 340, vat: 420, amount: 470 };

export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const { t, money, day } = documentTexts(doc);
  const { invoice, account, club, payment } = doc;
  const pdf = new PDFDocument({
    size: 'A4',
    margin: left,
    info: { Title: `${t(`title.${invoice.kind}`)} ${invoice.number ?? ''}`.trim(), Author: club.name },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  // The club, and the document's title on the right.
  pdf.font('Helvetica-Bold').fontSize(16).text(club.name, left, 50, { width: 300 });
  pdf.font('Helvetica').fontSize(9);
  const clubPlace = [club.postal_code, club.city].filter(Boolean).join(' ');
  const clubLines = [
    club.street,
    clubPlace,
    club.email ? t('email', { email: club.email }) : null,
    club.cvr ? t('cvr', { cvr: club.cvr }) : null,
  ].filter((line): line is string => !!line);
  clubLines.forEach((line, index) => pdf.text(line, left, index === 0 ? pdf.y + 2 : pdf.y, { width: 270 }));
  const title = invoice.number === null ? t('title.draft') : t(`title.${invoice.kind}`);
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(title, 300, 50, { width: right - 300, align: 'right' });

  // The payer, below the club however many lines the club's address took.
  let y = Math.max(120, pdf.y + 16);
  pdf.font('Helvetica-Bold').fontSize(10).text(account.name, left, y, { width: 250 });
  pdf.font('Helvetica').fontSize(10);
  if (account.street) pdf.text(account.street, left, pdf.y, { width: 250 });
  const place = [account.postal_code, account.city].filter(Boolean).join(' ');
  if (place) pdf.text(place, left, pdf.y, { width: 250 });
  if (account.cvr) pdf.text(t('cvr', { cvr: account.cvr }), left, pdf.y, { width: 250 });
  if (account.ean) pdf.text(t('ean', { ean: account.ean }), left, pdf.y, { width: 250 });

  // Number and dates.
  const meta: [string, string][] = [
    [invoice.kind === 'credit_note' ? t('creditNoteNumber') : t('number'), String(invoice.number ?? '-')],
    [t('issuedOn'), day(invoice.issued_on)],
  ];
  if (invoice.kind === 'invoice') meta.push([t('dueOn'), day(invoice.due_on)]);
  meta.forEach(([label, value], index) => {
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(label, 330, y + index * 15, { width: 110 });
    pdf.font('Helvetica-Bold').text(value, 440, y + index * 15, { width: right - 440, align: 'right' });
  });
  if (invoice.credited_number !== null) {
    pdf.font('Helvetica').text(t('credits', { number: invoice.credited_number }), 330, y + meta.length * 15, {
      width: right - 330,
    });
  }

  // Lines.
  y = Math.max(pdf.y, 200) + 25;
  pdf.font('Helvetica-Bold').fontSize(9);
  pdf.text(t('columns.description'), columns.description, y, { width: 245 });
  pdf.text(t('columns.quantity'), columns.quantity, y, { width: 35, align: 'right' });
  pdf.text(t('columns.unitPrice'), columns.unitPrice, y, { width: 75, align: 'right' });
  pdf.text(t('columns.vat'), columns.vat, y, { width: 45, align: 'right' });
  pdf.text(t('columns.amount'), columns.amount, y, { width: right - columns.amount, align: 'right' });
  y += 14;
  pdf.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke();
  y += 6;
  pdf.font('Helvetica').fontSize(9);
  for (const line of doc.lines) {
    if (y > 720) {
      pdf.addPage();
      y = 50;
    }
    const sign = line.line_kind === 'credit' ? -1 : 1;
    const rowTop = y;
    pdf.text(line.description, columns.description, rowTop, { width: 245 });
    const rowBottom = pdf.y;
    pdf.text(String(line.quantity), columns.quantity, rowTop, { width: 35, align: 'right' });
    pdf.text(money(sign * line.unit_price_ore), columns.unitPrice, rowTop, { width: 75, align: 'right' });
    const vat = line.vat_exempt ? t('vatExempt') : `${line.vat_rate_bp / 100} %`;
    pdf.text(vat, columns.vat, rowTop, { width: 45, align: 'right' });
    pdf.text(money(line.net_ore), columns.amount, rowTop, { width: right - columns.amount, align: 'right' });
    y = Math.max(rowBottom, pdf.y) + 4;
  }
  pdf.moveTo(left, y).lineTo(right, y).stroke();
  y += 8;

  // Totals.
  const owed = invoice.total_ore + invoice.fees_ore - invoice.paid_ore;
  const totals: [string, number, boolean][] = [
    [t('subtotal'), invoice.subtotal_ore, false],
    [t('vatTotal'), invoice.vat_ore, false],
    [t('total'), invoice.total_ore, true],
  ];
  if (invoice.kind === 'invoice' && (invoice.fees_ore > 0 || invoice.paid_ore > 0)) {
    if (invoice.fees_ore > 0) totals.push([t('fees'), invoice.fees_ore, false]);
    if (invoice.paid_ore > 0) totals.push([t('paid'), -invoice.paid_ore, false]);
    totals.push([t('toPay'), owed, true]);
  }
  for (const [label, amount, strong] of totals) {
    pdf.font(strong ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    pdf.text(label, 330, y, { width: 120 });
    pdf.text(money(amount), 450, y, { width: right - 450, align: 'right' });
    y += 16;
  }

  // How to pay.
  if (invoice.kind === 'invoice') {
    y += 20;
    pdf.font('Helvetica-Bold').fontSize(10).text(t('payment.heading'), left, y);
    pdf.font('Helvetica').fontSize(9);
    if (owed <= 0) {
      pdf.text(t('payment.nothingDue'), left, pdf.y + 2);
    } else {
      if (payment.bank_reg_no && payment.bank_account_no) {
        pdf.text(
          t('payment.bank', { reg: payment.bank_reg_no, account: payment.bank_account_no }),
          left,
          pdf.y + 2,
        );
      }
      if (payment.iban) pdf.text(t('payment.iban', { iban: payment.iban }), left);
      if (payment.mobilepay_number)
        pdf.text(t('payment.mobilepay', { number: payment.mobilepay_number }), left);
      if (doc.fi) pdf.text(t('payment.fi', { line: doc.fi.line }), left);
      if (invoice.number !== null) pdf.text(t('payment.reference', { number: invoice.number }));
    }
  }
  if (invoice.note)
    pdf
      .font('Helvetica')
      .fontSize(9)
      .text(invoice.note, left, pdf.y + 16, { width: right - left });

  pdf.end();
  return done;
}
