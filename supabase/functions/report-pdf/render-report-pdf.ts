// The statutory reports as A4 PDFs with pdfkit (decision 0943): the community (and club), the
// report's title and counting rules, its table with a total row, and when it was produced.
// Standard Helvetica only, so nothing is read at run time but pdfkit's own font metrics; the
// texts are the analytics namespace's, in the language asked for.
import { createFormatters, createTranslator, type Language } from '@club/i18n';
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { pivotMemberCounts, reportGenders, type MemberCountInput } from '@club/schemas';
import PDFDocument from 'pdfkit';

const left = 50;
const right = 545;
const bottom = 780;

export type ReportKind = 'cfr' | 'grant' | 'premises';

export interface PremisesInput {
  product: string;
  bookings: number | string;
  hours: number | string;
  under25_hours: number | string;
  over25_hours: number | string;
  unknown_age_hours: number | string;
}

export interface ReportDocument {
  kind: ReportKind;
  year: number;
  language: Language;
  community: { name: string; time_zone: string };
  club: string | null;
  producedAt: Date;
  memberCounts?: readonly MemberCountInput[];
  premises?: readonly PremisesInput[];
}

interface Column {
  header: string;
  width: number;
  numeric: boolean;
}

export function reportFileName(kind: ReportKind, year: number): string {
  const base = { cfr: 'cfr', grant: 'medlemstilskud', premises: 'lokaletilskud' }[kind];
  return `${base}-${year}.pdf`;
}

export function renderReportPdf(doc: ReportDocument): Promise<Buffer> {
  const t = createTranslator(analyticsMessages, doc.language);
  const format = createFormatters(doc.language, doc.community.time_zone);
  const title =
    doc.kind === 'cfr'
      ? t('counts.cfrTitle', { year: doc.year })
      : doc.kind === 'grant'
        ? t('counts.grantTitle', { year: doc.year })
        : t('premises.pdfTitle', { year: doc.year });
  const pdf = new PDFDocument({
    size: 'A4',
    margin: left,
    info: { Title: title, Author: doc.community.name },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(doc.community.name, left, 50, { width: right - left });
  if (doc.club)
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(t('pdf.club', { club: doc.club }));
  pdf.moveDown(0.8);
  pdf.font('Helvetica-Bold').fontSize(14).text(title);
  pdf.moveDown(0.3);
  const rules = doc.kind === 'premises' ? t('premises.rules') : t(`counts.rules.${doc.kind}`);
  pdf
    .font('Helvetica')
    .fontSize(9)
    .text(rules, { width: right - left });
  if (doc.kind !== 'premises') pdf.text(t('counts.window'), { width: right - left });
  pdf.moveDown(0.8);

  let columns: Column[];
  let body: string[][];
  let totals: string[];
  if (doc.kind === 'premises') {
    const rows = doc.premises ?? [];
    const keys = ['hours', 'under25_hours', 'over25_hours', 'unknown_age_hours'] as const;
    const hours = (v: number) => format.number(v, 2);
    columns = [
      { header: t('premises.product'), width: 165, numeric: false },
      { header: t('premises.bookings'), width: 60, numeric: true },
      ...keys.map((k) => ({ header: t(`premises.${k}`), width: 67.5, numeric: true })),
    ];
    body = rows.map((r) => [
      r.product,
      format.number(Number(r.bookings)),
      ...keys.map((k) => hours(Number(r[k]))),
    ]);
    const sum = (key: keyof PremisesInput) => rows.reduce((n, r) => n + Number(r[key]), 0);
    totals = [t('counts.total'), format.number(sum('bookings')), ...keys.map((k) => hours(sum(k)))];
  } else {
    const rows = pivotMemberCounts(doc.memberCounts ?? []);
    columns = [
      { header: t('counts.activity'), width: 150, numeric: false },
      { header: t('counts.ageBand'), width: 60, numeric: false },
      ...reportGenders.map((g) => ({ header: t(`counts.gender.${g}`), width: 57, numeric: true })),
      { header: t('counts.total'), width: 57, numeric: true },
    ];
    body = rows.map((r) => [
      r.activity,
      r.ageBand === 'unknown' ? t('counts.ageUnknown') : r.ageBand,
      ...reportGenders.map((g) => format.number(r.counts[g])),
      format.number(r.total),
    ]);
    const total = rows.reduce((n, r) => n + r.total, 0);
    totals = [t('counts.total'), '', ...reportGenders.map(() => ''), format.number(total)];
  }

  if (body.length === 0) {
    const none =
      doc.kind === 'premises' ? t('premises.none', { year: doc.year }) : t('counts.none', { year: doc.year });
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(none, { width: right - left });
  } else {
    drawTable(pdf, columns, body, totals);
  }

  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555555')
    .text(t('pdf.produced', { when: format.dateTime(doc.producedAt) }), left, pdf.y + 16, {
      width: right - left,
    });
  pdf.end();
  return done;
}

function rowHeight(pdf: PDFKit.PDFDocument, columns: Column[], cells: string[], bold: boolean): number {
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  return Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: columns[i]!.width - 6 }))) + 6;
}

/** One row of cells at the current position, on a new page when it does not fit. */
function drawRow(
  pdf: PDFKit.PDFDocument,
  columns: Column[],
  cells: string[],
  bold: boolean,
  onNewPage: () => void,
) {
  const height = rowHeight(pdf, columns, cells, bold);
  if (pdf.y + height > bottom) {
    pdf.addPage();
    onNewPage();
  }
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const top = pdf.y;
  let x = left;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    pdf.text(cell, x + 3, top + 3, { width: column.width - 6, align: column.numeric ? 'right' : 'left' });
    x += column.width;
  });
  pdf.x = left;
  pdf.y = top + height;
}

function rule(pdf: PDFKit.PDFDocument, weight: number) {
  pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).lineWidth(weight).strokeColor('#888888').stroke();
}

/** The table with its headings, repeated at the top of every page it runs onto. */
function drawTable(pdf: PDFKit.PDFDocument, columns: Column[], body: string[][], totals: string[]) {
  const header = () => {
    drawRow(
      pdf,
      columns,
      columns.map((c) => c.header),
      true,
      () => undefined,
    );
    rule(pdf, 0.8);
  };
  header();
  for (const cells of body) drawRow(pdf, columns, cells, false, header);
  rule(pdf, 1.2);
  drawRow(pdf, columns, totals, true, header);
}
