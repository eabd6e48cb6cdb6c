// The net banks' CSV into statement lines (decision 1062).
import { describe, expect, it } from 'vitest';
import { decodeStatement, parseBankAmount, parseBankCsv, parseBankDate } from './parse-bank-csv';

describe('parseBankCsv', () => {
  it('reads a semicolon export with a header, quotes and Danish amounts', () => {
    const csv = [
      '"Dato";"Tekst";"Beløb";"Saldo";"Status";"Afstemt"',
      '"20.11.2026";"FI +71<000000000003780+85338555<";"600,00";"12.600,00";"Udført";"Nej"',
      '"21.11.2026";"Overførsel; Anna ""Bibi"" Berg";"1.234,50";"13.834,50";"Udført";"Nej"',
      '"22.11.2026";"Hal-leje";"-1.500,00";"12.334,50";"Udført";"Nej"',
      '',
    ].join('\r\n');
    expect(parseBankCsv(csv)).toEqual({
      lines: [
        { booked_on: '2026-11-20', text: 'FI +71<000000000003780+85338555<', amount_ore: 60000 },
        { booked_on: '2026-11-21', text: 'Overførsel; Anna "Bibi" Berg', amount_ore: 123450 },
        { booked_on: '2026-11-22', text: 'Hal-leje', amount_ore: -150000 },
      ],
    });
  });

  it('reads a file without a header as date, text, amount', () => {
    expect(parseBankCsv('2026-11-20;Faktura 378;375,00\n24-12-2026;Kontingent;100\n')).toEqual({
      lines: [
        { booked_on: '2026-11-20', text: 'Faktura 378', amount_ore: 37500 },
        { booked_on: '2026-12-24', text: 'Kontingent', amount_ore: 10000 },
      ],
    });
  });

  it('decodes Windows-1252 bytes of older exports', () => {
    // "Beløb" and "Overførsel" with ø as the single byte 0xF8.
    const bytes = Uint8Array.from([
      ...Buffer.from('Dato;Tekst;Bel'),
      0xf8,
      ...Buffer.from('b\n01.12.2026;Overf'),
      0xf8,
      ...Buffer.from('rsel;50,00\n'),
    ]);
    expect(parseBankCsv(decodeStatement(bytes))).toEqual({
      lines: [{ booked_on: '2026-12-01', text: 'Overførsel', amount_ore: 5000 }],
    });
  });

  it('names the row and field it cannot read, and a file that is not a statement', () => {
    expect(parseBankCsv('Dato;Tekst;Beløb\n20.11.2026;x;600,00\n31.02.2026;y;1,00\n')).toEqual({
      error: 'row',
      row: 3,
      field: 'date',
    });
    expect(parseBankCsv('Dato;Tekst;Beløb\n20.11.2026;x;mange\n')).toEqual({
      error: 'row',
      row: 2,
      field: 'amount',
    });
    expect(parseBankCsv('name,email\nAnna,anna@example.dk\n')).toEqual({ error: 'columns' });
    expect(parseBankCsv('\n\n')).toEqual({ error: 'empty' });
  });

  it('reads the amounts and dates banks write', () => {
    expect(['1.234,50', '-0,05', '250', '1234.50', '1 234,50 kr.', '12,5'].map(parseBankAmount)).toEqual([
      123450, -5, 25000, 123450, 123450, 1250,
    ]);
    expect(parseBankAmount('1,2,3')).toBeNull();
    expect(['24.12.2026', '2026-12-24', '1/2/2026', '2026-13-01'].map(parseBankDate)).toEqual([
      '2026-12-24',
      '2026-12-24',
      '2026-02-01',
      null,
    ]);
  });
});
