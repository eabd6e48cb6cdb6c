// Opening hours as the editor writes them, one period a line: a weekday (1–7, or its short
// name in Danish or English) or a date (YYYY-MM-DD), then from–to in 24-hour time:
//   man 08:00-22:00      2026-12-27 10:00-14:00      7 09:00-24:00
import type { OpeningRow } from './booking-records';

const dayNames: Record<string, number> = {
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
  sun: 7,
  man: 1,
  tir: 2,
  ons: 3,
  tor: 4,
  fre: 5,
  lør: 6,
  søn: 7,
};
export const weekdayShort = {
  en: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
  da: ['man', 'tir', 'ons', 'tor', 'fre', 'lør', 'søn'],
} as const;

const line = /^(\S+)\s+(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/;
const time = (h: string, m: string) => `${h.padStart(2, '0')}:${m}`;
const validTime = (h: number, m: number, end: boolean) => m < 60 && (h < 24 || (end && h === 24 && m === 0));

/** The periods of the text, or the 1-based number of the first line that cannot be read. */
export function parseOpeningHours(text: string): { rows: OpeningRow[] } | { badLine: number } {
  const rows: OpeningRow[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    if (!raw) continue;
    const m = line.exec(raw.toLowerCase());
    if (!m) return { badLine: i + 1 };
    const [, day, h1, m1, h2, m2] = m as unknown as [string, string, string, string, string, string];
    const weekday = /^[1-7]$/.test(day) ? Number(day) : dayNames[day.slice(0, 3)];
    const date =
      /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
    const from = time(h1, m1);
    const to = time(h2, m2);
    if ((!weekday && !date) || !validTime(+h1, +m1, false) || !validTime(+h2, +m2, true) || to <= from)
      return { badLine: i + 1 };
    rows.push({ weekday: date ? null : weekday!, on_date: date, starts_at: from, ends_at: to });
  }
  return { rows };
}

export function formatOpeningHours(rows: readonly OpeningRow[], language: 'da' | 'en'): string {
  return [...rows]
    .sort(
      (a, b) =>
        (a.on_date ?? `${a.weekday}`).localeCompare(b.on_date ?? `${b.weekday}`) ||
        a.starts_at.localeCompare(b.starts_at),
    )
    .map(
      (r) =>
        `${r.on_date ?? weekdayShort[language][(r.weekday ?? 1) - 1]} ${r.starts_at.slice(0, 5)}-${r.ends_at.slice(0, 5)}`,
    )
    .join('\n');
}
