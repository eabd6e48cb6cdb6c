// The member field rules the browser checks before the database does (the database has the
// last word): Danish phone numbers in international form, CPR numbers by format and date
// (no modulus-11 check, danish-context §3.1), dates written the Danish way, e-mail addresses.

export { normalisePhone } from '../../lib/phone';

/** Accepts DDMMYY-XXXX or DDMMYYXXXX whose first six digits are a real date. */
export function normaliseCpr(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^[0-9]{10}$/.test(digits)) return undefined;
  const day = Number(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const yy = Number(digits.slice(4, 6));
  const seventh = Number(digits[6]);
  const century =
    seventh <= 3 ? 1900 : seventh === 4 || seventh === 9 ? (yy <= 36 ? 2000 : 1900) : yy <= 57 ? 2000 : 1800;
  if (!isRealDate(century + yy, month, day)) return undefined;
  return `${digits.slice(0, 6)}-${digits.slice(6)}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "2024-03-15", "15-03-2024", "15.03.2024", "15/3/2024" → "2024-03-15"; undefined when not a date. */
export function normaliseDate(input: string): string | undefined {
  const text = input.trim();
  let year: number, month: number, day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const danish = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (danish) [day, month, year] = [Number(danish[1]), Number(danish[2]), Number(danish[3])];
  else return undefined;
  if (!isRealDate(year, month, day)) return undefined;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Today's calendar date in this browser, "2026-11-25". */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function isEmail(input: string): boolean {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(input.trim());
}

/** Whole years between a birth date (YYYY-MM-DD) and today. */
export function ageOn(birthDate: string | null | undefined, today = new Date()): number | undefined {
  if (!birthDate) return undefined;
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getFullYear() - y;
  if (today.getMonth() + 1 < m || (today.getMonth() + 1 === m && today.getDate() < d)) age--;
  return age;
}
