import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv, type CsvColumn } from './csv';

interface Member {
  name: string;
  town: string;
  note: string;
  fee: number;
}

const columns: CsvColumn<Member>[] = [
  { header: 'Navn', value: (m) => m.name },
  { header: 'By', value: (m) => m.town },
  { header: 'Bemærkning', value: (m) => m.note },
  { header: 'Kontingent', value: (m) => m.fee },
];

const rows: Member[] = [
  { name: 'Søren Ærø', town: 'Århus', note: 'Betaler; men sent', fee: 450 },
  { name: 'Åse Øster', town: 'Næstved', note: 'Sagde "ja"\nog gik', fee: 0 },
  { name: '=HYPERLINK("x")', town: 'Køge', note: '', fee: 125 },
];

describe('CSV export', () => {
  it('writes Danish text for Excel: BOM, semicolons, quoted separators, and reads back the same', () => {
    const text = toCsv(rows, columns, 'excel');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')[0]).toBe('Navn;By;Bemærkning;Kontingent');
    expect(text).toContain('Søren Ærø;Århus;"Betaler; men sent";450');
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const decoded = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
    const table = parseCsv(decoded);
    expect(table).toEqual([
      ['Navn', 'By', 'Bemærkning', 'Kontingent'],
      ['Søren Ærø', 'Århus', 'Betaler; men sent', '450'],
      ['Åse Øster', 'Næstved', 'Sagde "ja"\nog gik', '0'],
      ['\'=HYPERLINK("x")', 'Køge', '', '125'],
    ]);
  });

  it('writes plain comma-separated UTF-8 without a BOM', () => {
    const text = toCsv(rows.slice(0, 1), columns, 'plain');
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text).toBe('Navn,By,Bemærkning,Kontingent\r\nSøren Ærø,Århus,Betaler; men sent,450');
    expect(parseCsv(text)[1]).toEqual(['Søren Ærø', 'Århus', 'Betaler; men sent', '450']);
  });
});
