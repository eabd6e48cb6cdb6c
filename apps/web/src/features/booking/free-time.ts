// Free time of a product on one day: its opening periods (weekday or dated) minus the
// stretches where the bookings already fill its capacity. Times are "HH:MM" wall-clock.
import type { OpeningRow } from './booking-records';

export function addDaysIso(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export function mondayOf(day: string): string {
  return addDaysIso(day, 1 - isoWeekday(day));
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const clock = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

export function freePeriods(
  day: string,
  hours: readonly OpeningRow[],
  capacity: number,
  booked: readonly { from: string; to: string }[],
): { from: string; to: string }[] {
  const open = hours
    .filter((h) => h.on_date === day || h.weekday === isoWeekday(day))
    .map((h) => [minutes(h.starts_at), minutes(h.ends_at)] as const);
  const result: { from: number; to: number }[] = [];
  for (const [start, end] of open) {
    const cuts = new Set([start, end]);
    for (const b of booked) {
      const bs = minutes(b.from);
      const be = b.to === '00:00' ? 1440 : minutes(b.to);
      if (bs > start && bs < end) cuts.add(bs);
      if (be > start && be < end) cuts.add(be);
    }
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i + 1 < points.length; i++) {
      const [a, b] = [points[i]!, points[i + 1]!];
      const used = booked.filter(
        (x) => minutes(x.from) < b && (x.to === '00:00' ? 1440 : minutes(x.to)) > a,
      ).length;
      if (used >= capacity) continue;
      const last = result[result.length - 1];
      if (last && last.to === a) last.to = b;
      else result.push({ from: a, to: b });
    }
  }
  return result.map((r) => ({ from: clock(r.from), to: clock(r.to) }));
}
