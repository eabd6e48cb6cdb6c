// Phones were written three ways ("+45 77006833", "+4520304050") and came out of the CSV export
// as "'+45 55162029" (the apostrophe that keeps Excel from evaluating a leading "+" shows).
import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../components/list/csv';
import { formatPhone, normalisePhone, phoneForSpreadsheet } from './phone';

describe('phone numbers', () => {
  it('are written the Danish way for Danish numbers and with the country code apart otherwise', () => {
    expect(formatPhone('+4520304050')).toBe('20 30 40 50');
    expect(formatPhone('+4670123456')).toBe('+46 70123456');
    expect(formatPhone('+15551234567')).toBe('+1 5551234567');
    expect(formatPhone('+35312345678')).toBe('+353 12345678');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone('112')).toBe('112');
  });

  it('read back what they are written as', () => {
    for (const phone of ['+4520304050', '+4670123456', '+35312345678']) {
      expect(normalisePhone(formatPhone(phone))).toBe(phone);
      expect(normalisePhone(phoneForSpreadsheet(phone))).toBe(phone);
    }
  });

  it('go into an Excel CSV without a leading apostrophe or plus, as text', () => {
    const rows = [{ phone: '+4555162029' }, { phone: '+4670123456' }];
    const csv = toCsv(rows, [{ header: 'Phone', value: (r) => phoneForSpreadsheet(r.phone) }], 'excel');
    expect(parseCsv(csv)).toEqual([['Phone'], ['55 16 20 29'], ['0046 70123456']]);
    expect(csv).not.toMatch(/['+]/);
  });
});
