// Dates, numbers, money (integer øre, shown as DKK) and relative times per language, in the
// community's time zone (Europe/Copenhagen unless told otherwise).
import type { Language } from './translator';

export const defaultTimeZone = 'Europe/Copenhagen';

/** BCP 47 locale used for formatting: Danish, or British English (day-month order, 24-hour clock). */
export const formatLocale: Record<Language, string> = { da: 'da-DK', en: 'en-GB' };

export interface Formatters {
  date(value: Date | string | number, style?: 'short' | 'medium' | 'long'): string;
  dateTime(value: Date | string | number): string;
  time(value: Date | string | number): string;
  number(value: number, fractionDigits?: number): string;
  /** Money held as integer minor units (øre). */
  money(minorUnits: number, currency?: string): string;
  /** "5 minutes ago" / "for 5 minutter siden", "in 2 days" / "om 2 dage". */
  relative(value: Date | string | number, now?: Date | number): string;
}

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.345],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

export function createFormatters(language: Language, timeZone: string = defaultTimeZone): Formatters {
  const locale = formatLocale[language];
  const dateStyles = {
    short: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone }),
    medium: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone }),
    long: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }),
  };
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return {
    date: (value, style = 'medium') => dateStyles[style].format(toDate(value)),
    dateTime: (value) => dateTime.format(toDate(value)),
    time: (value) => time.format(toDate(value)),
    number: (value, fractionDigits) =>
      new Intl.NumberFormat(locale, {
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits ?? 3,
      }).format(value),
    money: (minorUnits, currency = 'DKK') =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minorUnits / 100),
    relative: (value, now = Date.now()) => {
      let amount = (toDate(value).getTime() - (now instanceof Date ? now.getTime() : now)) / 1000;
      for (const [unit, size] of relativeSteps) {
        if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
        amount /= size;
      }
      return relative.format(Math.round(amount), 'year');
    },
  };
}
