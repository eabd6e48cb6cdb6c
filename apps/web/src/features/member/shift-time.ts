// A shift's time in words in the club's time zone: "12. jun. 2027 10.00–12.00", the end with its
// date only when the shift ends on another day.
import type { Formatters } from '@club/i18n';

export function shiftTime(format: Formatters, startsAt: string, endsAt: string | null): string {
  if (!endsAt) return format.dateTime(startsAt);
  const sameDay = format.date(startsAt) === format.date(endsAt);
  return `${format.dateTime(startsAt)}–${sameDay ? format.time(endsAt) : format.dateTime(endsAt)}`;
}
