import { describe, expect, it } from 'vitest';
import {
  isoToZonedInput,
  weekdayOf,
  zonedDayStartIso,
  zonedInputToIso,
  zonedMonthStart,
  zonedToday,
} from './zoned-time';

const zone = 'Europe/Copenhagen';

describe('zoned time', () => {
  it('turns Copenhagen wall-clock times into instants on both sides of the change to winter time', () => {
    expect(zonedInputToIso('2027-10-28T19:00', zone)).toBe('2027-10-28T17:00:00.000Z');
    expect(zonedInputToIso('2027-11-04T19:00', zone)).toBe('2027-11-04T18:00:00.000Z');
    expect(zonedInputToIso('2027-03-28T03:30', zone)).toBe('2027-03-28T01:30:00.000Z');
  });

  it('shows instants on the zone wall clock and round-trips', () => {
    expect(isoToZonedInput('2027-10-28T17:00:00Z', zone)).toBe('2027-10-28T19:00');
    expect(isoToZonedInput('2027-11-04T18:00:00Z', zone)).toBe('2027-11-04T19:00');
    expect(isoToZonedInput(zonedInputToIso('2027-01-01T00:00', zone), zone)).toBe('2027-01-01T00:00');
    expect(isoToZonedInput('2027-01-01T12:00:00Z', 'America/New_York')).toBe('2027-01-01T07:00');
  });

  it('refuses malformed input instead of guessing', () => {
    expect(zonedInputToIso('', zone)).toBeUndefined();
    expect(zonedInputToIso('28/10/2027 19:00', zone)).toBeUndefined();
    expect(isoToZonedInput('not a date', zone)).toBe('');
    expect(isoToZonedInput(null, zone)).toBe('');
    expect(zonedDayStartIso('2027-07-01', zone)).toBe('2027-06-30T22:00:00.000Z');
    expect(zonedDayStartIso('July', zone)).toBeUndefined();
  });

  it('knows the ISO weekday of a date', () => {
    expect(weekdayOf('2027-10-28T19:00')).toBe(4);
    expect(weekdayOf('2027-10-31')).toBe(7);
    expect(weekdayOf('')).toBeUndefined();
  });

  it("takes today from the zone's calendar, not UTC's, at 23:30 UTC in winter and summer", () => {
    // 00:30 on New Year's Day in Copenhagen (UTC+1): a new day, month and year.
    const december = new Date('2026-12-31T23:30:00Z');
    expect(zonedToday(zone, december)).toBe('2027-01-01');
    expect(zonedMonthStart(zone, december)).toBe('2027-01-01');
    // 01:30 on 1 July in Copenhagen (summer time, UTC+2).
    const june = new Date('2026-06-30T23:30:00Z');
    expect(zonedToday(zone, june)).toBe('2026-07-01');
    expect(zonedMonthStart(zone, june)).toBe('2026-07-01');
    expect(zonedToday('America/New_York', june)).toBe('2026-06-30');
  });
});
