// Reads the CSV a Danish net bank exports (decision 1062) into statement lines for
// import_bank_statement: semicolon (or comma/tab) separated, quoted fields, a header naming the
// date, text and amount columns (or none: then date, text, amount in that order), dates as
// 24-12-2026 / 24.12.2026 / 2026-12-24, amounts with the Danish decimal comma (1.234,50), and
// UTF-8 or Windows-1252 bytes.

export interface BankLine {
  /** The booking day, YYYY-MM-DD. */
  booked_on: string;
  text: string;
  /** In øre; negative for money going out. */
  amount_ore: number;
}

export type BankCsvError =
  { error: 'empty' } | { error: 'columns' } | { error: 'row'; row: number; field: 'date' | 'amount' };

export type BankCsvResult = { lines: BankLine[] } | BankCsvError;

/** UTF-8 when the bytes are valid UTF-8, otherwise Windows-1252 (older bank exports). */
export function decodeStatement(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    text = new TextDecoder('windows-1252').decode(view);
  }
  return text.replace(/^\uFEFF/, '');
}

function splitRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** A booking date as YYYY-MM-DD, or null. */
export function parseBankDate(value: string): string | null {
  const v = value.trim();
  const dmy = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(v);
  const iso = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})$/.exec(v);
  const ymd = dmy ? [dmy[3]!, dmy[2]!, dmy[1]!] : iso ? [iso[1]!, iso[2]!, iso[3]!] : null;
  if (!ymd) return null;
  const [y, mo, d] = ymd.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** An amount in øre: "1.234,50", "-150,00", "1234.50", "250" (kroner); or null. */
export function parseBankAmount(value: string): number | null {
  let v = value.replace(/[\s\u00a0]/g, '').replace(/(kr\.?|DKK)$/i, '');
  if (v.includes(',')) v = v.replace(/\./g, '').replace(',', '.');
  else if (!/^[-+]?\d+(\.\d{1,2})?$/.test(v)) v = v.replace(/\./g, '');
  const m = /^([-+]?)(\d+)(?:\.(\d{1,2}))?$/.exec(v);
  if (!m) return null;
  const ore = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' ? -ore : ore;
}

const columnNames = {
  date: /^(dato|bogf|bogført|bogføringsdato|posteringsdato|date|booking ?date)/i,
  text: /^(tekst|text|beskrivelse|posteringstekst|description|modtager|afsender)/i,
  amount: /^(beløb|beloeb|amount)/i,
};

export function parseBankCsv(text: string): BankCsvResult {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [';', '\t', ','].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const rows = splitRows(text, delimiter);
  if (rows.length === 0) return { error: 'empty' };
  const header = rows[0]!.map((cell) => cell.trim());
  const find = (pattern: RegExp) => header.findIndex((cell) => pattern.test(cell));
  let columns = {
    date: find(columnNames.date),
    text: find(columnNames.text),
    amount: find(columnNames.amount),
  };
  let body = rows.slice(1);
  if (columns.date < 0 || columns.text < 0 || columns.amount < 0) {
    // No header: the first row is a line of the statement, in the order date, text, amount.
    if (header.length < 3 || parseBankDate(header[0]!) === null) return { error: 'columns' };
    columns = { date: 0, text: 1, amount: 2 };
    body = rows;
  }
  const lines: BankLine[] = [];
  const offset = body === rows ? 1 : 2;
  for (const [index, row] of body.entries()) {
    const booked = parseBankDate(row[columns.date] ?? '');
    if (booked === null) return { error: 'row', row: index + offset, field: 'date' };
    const amount = parseBankAmount(row[columns.amount] ?? '');
    if (amount === null) return { error: 'row', row: index + offset, field: 'amount' };
    lines.push({ booked_on: booked, text: (row[columns.text] ?? '').trim(), amount_ore: amount });
  }
  if (lines.length === 0) return { error: 'empty' };
  return { lines };
}
