// Dates and times typed by hand in the app's language, not the browser's: Danish pages write
// 24.12.2026 and 18.30, English (British) pages 24/12/2026 and 18:30, both on a 24-hour clock.
// Values are calendar dates "2026-12-24" and wall-clock times "18:30"; instants in the
// community's zone come from lib/zoned-time.ts.
import type { Language } from '@club/i18n';

const pad = (n: number) => String(n).padStart(2, '0');

export const dateSeparator: Record<Language, string> = { da: '.', en: '/' };
export const timeSeparator: Record<Language, string> = { da: '.', en: ':' };

/** "2026-12-24" → "24.12.2026" (da) or "24/12/2026" (en); anything else is returned as it is. */
export function formatDateInput(value: string, language: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  const s = dateSeparator[language];
  return `${match[3]}${s}${match[2]}${s}${match[1]}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * What a user typed → "2026-12-24"; '' for an empty field; undefined when it is not a date.
 * Day first with any of . / - as separator (24.12.2026, 24/12/26, 24-12-2026), or ISO.
 */
export function parseDateInput(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(value);
  let year: number, month: number, day: number;
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst) {
    [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
    if (dayFirst[3]!.length === 2) year += 2000;
  } else return undefined;
  return isRealDate(year, month, day) ? `${year}-${pad(month)}-${pad(day)}` : undefined;
}

/**
 * The value a date field holds while its text cannot be read, saying why: 'invalid' (not
 * written as a date), 'invalid-month' (no such month) or 'invalid-day-2010-02' (the month
 * has fewer days). The typed text stays in the field; no schema accepts these values.
 */
export function unreadableDateValue(text: string): string {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const dayFirst = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(value);
  if (!iso && !dayFirst) return 'invalid';
  const [year, month] = iso
    ? [Number(iso[1]), Number(iso[2])]
    : [Number(dayFirst![3]) + (dayFirst![3]!.length === 2 ? 2000 : 0), Number(dayFirst![2])];
  if (month < 1 || month > 12) return 'invalid-month';
  return `invalid-day-${year}-${pad(month)}`;
}

export const isUnreadableDateValue = (value: string) => value.startsWith('invalid');

/** The problem an unreadable value names, for the message under the field. */
export function unreadableDateProblem(
  value: string,
): { kind: 'format' } | { kind: 'month' } | { kind: 'day'; year: number; month: number; days: number } {
  const day = /^invalid-day-(\d+)-(\d{2})$/.exec(value);
  if (day) {
    const [year, month] = [Number(day[1]), Number(day[2])];
    return { kind: 'day', year, month, days: new Date(Date.UTC(year, month, 0)).getUTCDate() };
  }
  return value === 'invalid-month' ? { kind: 'month' } : { kind: 'format' };
}

/** "18:30" → "18.30" (da) or "18:30" (en). */
export function formatTimeInput(value: string, language: Language): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  return match ? `${match[1]}${timeSeparator[language]}${match[2]}` : value;
}

/** "18.30", "18:30", "1830", "9" → "18:30" / "09:00"; '' when empty; undefined when not a time. */
export function parseTimeInput(text: string): string | undefined {
  const value = text.trim();
  if (value === '') return '';
  const match = /^(\d{1,2})(?:[.:]?(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  return hour < 24 && minute < 60 ? `${pad(hour)}:${pad(minute)}` : undefined;
}

/** A calendar date as a local Date at noon (for the calendar widget; no zone arithmetic). */
export function dateValueToLocal(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12) : undefined;
}

export function localToDateValue(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
