// A text/csv request body (RFC 4180: a header row, then one record per line, fields
// optionally double-quoted with "" for a quote) as the array of objects an insert takes.
// An unquoted NULL is SQL null, as in PostgREST; every other field stays text, so
// Postgres converts it to the column's type.
import { restErrors } from './rest-error';

interface Field {
  text: string;
  quoted: boolean;
}

function records(text: string): Field[][] {
  const out: Field[][] = [];
  let row: Field[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      for (;;) {
        if (i >= n) throw restErrors.invalidBody('Unterminated quoted field in CSV body');
        const ch = text[i]!;
        if (ch === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += ch;
        i++;
      }
      if (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r')
        throw restErrors.invalidBody('Unexpected character after a quoted field in CSV body');
    } else {
      while (i < n && text[i] !== ',' && text[i] !== '\n' && text[i] !== '\r') {
        if (text[i] === '"') throw restErrors.invalidBody('Unexpected quote in an unquoted CSV field');
        value += text[i];
        i++;
      }
    }
    row.push({ text: value, quoted });
    if (i < n && text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '\r') i++;
    if (text[i] === '\n') i++;
    out.push(row);
    row = [];
    if (i >= n) return out;
  }
}

export function parseCsvBody(text: string): Record<string, string | null>[] {
  if (text.trim() === '') throw restErrors.invalidBody('Empty CSV body');
  const [header, ...rows] = records(text);
  const names = (header ?? []).map((f) => f.text);
  if (names.some((name) => name === '')) throw restErrors.invalidBody('CSV header names an empty column');
  return rows.map((fields) => {
    if (fields.length !== names.length)
      throw restErrors.invalidBody(
        `All lines must have the same number of fields: the header has ${names.length}, a line has ${fields.length}`,
      );
    const row: Record<string, string | null> = {};
    fields.forEach((f, i) => {
      row[names[i]!] = !f.quoted && f.text === 'NULL' ? null : f.text;
    });
    return row;
  });
}
