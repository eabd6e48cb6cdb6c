// Opening hours (or fixed timeslots) as the product editor holds them: one period a row, on a
// weekday ("1"–"7", Monday first) or a date ("2026-12-27"), from–to in 24-hour wall-clock time
// ("08:00", up to "24:00" for midnight). The rules the editor checks before saving are here,
// so they can be tested without a browser.
import { parseTimeInput } from '../../lib/date-input';
import type { OpeningRow } from './booking-records';

export interface HoursRow {
  day: string;
  from: string;
  to: string;
}

export const weekdays = ['1', '2', '3', '4', '5', '6', '7'] as const;
const isDate = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/.test(v);

/** A typed time ("8", "08.00", "2200", "24") as "HH:MM"; undefined when it is not one. */
export function parseTime24(text: string): string | undefined {
  if (/^\s*24(?:[.:]?00)?\s*$/.test(text)) return '24:00';
  const parsed = parseTimeInput(text);
  return parsed === '' ? undefined : parsed;
}

export function toHoursRows(rows: readonly OpeningRow[]): HoursRow[] {
  return [...rows]
    .map((r) => ({
      day: r.on_date ?? String(r.weekday ?? 1),
      from: r.starts_at.slice(0, 5),
      to: r.ends_at.slice(0, 5),
    }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.from.localeCompare(b.from));
}

export function toOpeningRows(rows: readonly HoursRow[]): OpeningRow[] {
  return rows.map((r) => ({
    weekday: isDate(r.day) ? null : Number(r.day),
    on_date: isDate(r.day) ? r.day : null,
    starts_at: r.from,
    ends_at: r.to,
  }));
}

export interface HoursIssue {
  index: number;
  field: 'day' | 'from' | 'to';
  message: 'form.hoursDateInvalid' | 'form.hoursTimeInvalid' | 'form.hoursOrder' | 'form.hoursOverlap';
}

/** What is wrong with the rows, each at the row and field to mark. */
export function hoursIssues(rows: readonly HoursRow[]): HoursIssue[] {
  const issues: HoursIssue[] = [];
  rows.forEach((r, index) => {
    if (!isDate(r.day) && !(weekdays as readonly string[]).includes(r.day))
      issues.push({ index, field: 'day', message: 'form.hoursDateInvalid' });
    if (!isTime(r.from) || r.from === '24:00')
      issues.push({ index, field: 'from', message: 'form.hoursTimeInvalid' });
    else if (!isTime(r.to)) issues.push({ index, field: 'to', message: 'form.hoursTimeInvalid' });
    else if (r.to <= r.from) issues.push({ index, field: 'to', message: 'form.hoursOrder' });
    else {
      const overlaps = rows.some(
        (o, j) =>
          j < index && o.day === r.day && isTime(o.from) && isTime(o.to) && o.from < r.to && r.from < o.to,
      );
      if (overlaps) issues.push({ index, field: 'from', message: 'form.hoursOverlap' });
    }
  });
  return issues;
}
