// Wall-clock times in the community's time zone for <input type="datetime-local"> and
// <input type="date">, converted to and from instants without a date library: the zone's offset
// comes from Intl, so summer and winter time are right for each date.
const partsFormat = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormat.set(timeZone, format);
  }
  return format;
}

function wallClock(
  instant: Date,
  timeZone: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Minutes the zone is ahead of UTC at an instant. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2027-10-21T19:00" in the zone → ISO instant; undefined for an empty or malformed value. */
export function zonedInputToIso(value: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(guess)) return undefined;
  // Two passes settle the offset even right next to a change of summer time.
  let instant = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  instant = guess - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant).toISOString();
}

/** ISO instant → "2027-10-21T19:00" on the zone's wall clock. */
export function isoToZonedInput(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const w = wallClock(date, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

/** The zone's calendar date of an instant, "2027-10-21". */
export function isoToZonedDate(iso: string, timeZone: string): string {
  return isoToZonedInput(iso, timeZone).slice(0, 10);
}

/** Start of a calendar day in the zone, as an ISO instant. */
export function zonedDayStartIso(date: string, timeZone: string): string | undefined {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? zonedInputToIso(`${date}T00:00`, timeZone) : undefined;
}

/** ISO weekday (1 = Monday) of a wall-clock input value. */
export function weekdayOf(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return undefined;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * Today's date in the zone, "2026-12-03". Every "today" and default day of the app is the
 * community's: at 00:30 in Copenhagen it is already tomorrow, while UTC still says yesterday.
 */
export function zonedToday(timeZone: string, now: Date = new Date()): string {
  return isoToZonedDate(now.toISOString(), timeZone);
}

/** The first day of the zone's current month, "2026-12-01". */
export function zonedMonthStart(timeZone: string, now: Date = new Date()): string {
  return `${zonedToday(timeZone, now).slice(0, 7)}-01`;
}
