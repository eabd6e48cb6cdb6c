import { describe, expect, it } from 'vitest';
import { hoursIssues, parseTime24, toHoursRows, toOpeningRows } from './opening-hours';

describe('opening hours', () => {
  it('reads times as the kit writes them, with 24 for midnight', () => {
    expect(parseTime24('8')).toBe('08:00');
    expect(parseTime24('16.30')).toBe('16:30');
    expect(parseTime24('24')).toBe('24:00');
    expect(parseTime24('24.00')).toBe('24:00');
    expect(parseTime24('25.00')).toBeUndefined();
    expect(parseTime24('')).toBeUndefined();
  });

  it('turns stored rows into editor rows and back', () => {
    const stored = [
      { weekday: 2, on_date: null, starts_at: '16:00:00', ends_at: '21:00:00' },
      { weekday: null, on_date: '2026-12-27', starts_at: '10:00:00', ends_at: '14:00:00' },
      { weekday: 1, on_date: null, starts_at: '08:00:00', ends_at: '24:00:00' },
    ];
    const rows = toHoursRows(stored);
    expect(rows.map((r) => r.day)).toEqual(['1', '2', '2026-12-27']);
    expect(toOpeningRows(rows)).toEqual([
      { weekday: 1, on_date: null, starts_at: '08:00', ends_at: '24:00' },
      { weekday: 2, on_date: null, starts_at: '16:00', ends_at: '21:00' },
      { weekday: null, on_date: '2026-12-27', starts_at: '10:00', ends_at: '14:00' },
    ]);
  });

  it('says which row and field is wrong', () => {
    expect(
      hoursIssues([
        { day: '1', from: '08:00', to: '12:00' },
        { day: '1', from: '11:00', to: '14:00' },
        { day: '1', from: '12:00', to: '16:00' },
        { day: '2', from: '18:00', to: '17:00' },
        { day: '3', from: '08:00', to: '25.00' },
        { day: '', from: '08:00', to: '10:00' },
        { day: '2026-12-27', from: '24:00', to: '24:00' },
      ]),
    ).toEqual([
      { index: 1, field: 'from', message: 'form.hoursOverlap' },
      { index: 2, field: 'from', message: 'form.hoursOverlap' },
      { index: 3, field: 'to', message: 'form.hoursOrder' },
      { index: 4, field: 'to', message: 'form.hoursTimeInvalid' },
      { index: 5, field: 'day', message: 'form.hoursDateInvalid' },
      { index: 6, field: 'from', message: 'form.hoursTimeInvalid' },
    ]);
  });
});
