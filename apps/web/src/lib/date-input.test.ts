import { describe, expect, it } from 'vitest';
import { formatDateInput, formatTimeInput, parseDateInput, parseTimeInput } from './date-input';

describe('dates typed in the app language', () => {
  it('writes Danish dates with dots and English (British) ones with slashes, day first', () => {
    expect(formatDateInput('2026-12-24', 'da')).toBe('24.12.2026');
    expect(formatDateInput('2026-12-24', 'en')).toBe('24/12/2026');
    expect(formatTimeInput('18:30', 'da')).toBe('18.30');
    expect(formatTimeInput('18:30', 'en')).toBe('18:30');
  });

  it('reads what people type, and refuses dates that do not exist', () => {
    expect(parseDateInput('24.12.2026')).toBe('2026-12-24');
    expect(parseDateInput('1/2/27')).toBe('2027-02-01');
    expect(parseDateInput('2026-12-24')).toBe('2026-12-24');
    expect(parseDateInput(' ')).toBe('');
    expect(parseDateInput('30.02.2027')).toBeUndefined();
    expect(parseDateInput('12/24/2026')).toBeUndefined();
    expect(parseTimeInput('18.30')).toBe('18:30');
    expect(parseTimeInput('9')).toBe('09:00');
    expect(parseTimeInput('0745')).toBe('07:45');
    expect(parseTimeInput('24.00')).toBeUndefined();
  });
});
