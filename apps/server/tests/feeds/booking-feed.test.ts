// The booking calendar feeds over HTTP: a booking admin gets a product's and a member's feed
// URL through supabase-js, a calendar client fetches it without any key, and ical.js (a
// maintained iCalendar parser) reads the events back: a season series across the autumn
// summer-time change keeps 17:00 local, a cancelled date says so, a renewed token retires the
// old URL, and nothing else is readable through the route.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, nextChange } from '../../../../supabase/tests/support/booking-fixture';
import { createCommunityCallers, type Caller } from '../support/community-callers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let t: TestPlatform;
let admin: Caller;
let product: string;
let member: string;
let cancelledDay: string;

const localTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Copenhagen',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

async function rpc<T>(fn: string, args: Record<string, unknown>): Promise<T> {
  const { data, error } = await admin.client.rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message} ${error.details ?? ''}`);
  return data as T;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        summary: e.summary,
        start: e.startDate.toJSDate(),
        end: e.endDate.toJSDate(),
        status: v.getFirstPropertyValue('status'),
        uid: e.uid,
      };
    }),
  };
}

beforeAll(async () => {
  t = await startTestPlatform();
  const callers = await createCommunityCallers(t);
  admin = await callers.caller(callers.communityA, 'Bookingadmin', { areas: ['booking'] });
  product = (
    await t.db.query<{ id: string }>(
      `insert into booking_products (community_id, name) values ($1, 'Hal 1') returning id`,
      [callers.communityA],
    )
  ).rows[0]!.id;
  await t.db.query(
    `insert into product_availability (community_id, product_id, weekday, starts_at, ends_at) values ($1, $2, 1, '16:00', '21:00')`,
    [callers.communityA, product],
  );
  member = (await callers.caller(callers.communityA, 'Holdleder', { member: true })).memberId!;
  // Mondays from three weeks before the autumn change to three weeks after it.
  const change = nextChange('autumn', 30);
  const first = addDays(change, -20);
  await rpc('create_booking_series', {
    p_product_id: product,
    p_member_id: member,
    p_weekday: 1,
    p_starts: '17:00',
    p_ends: '19:00',
    p_first_day: first,
    p_last_day: addDays(change, 22),
    p_share_contact: true,
  });
  cancelledDay = addDays(first, 7);
  const { data } = await admin.client
    .from('bookings')
    .select('id, starts_at')
    .eq('product_id', product)
    .order('starts_at');
  const toCancel = (data as { id: string; starts_at: string }[])[1]!;
  await rpc('cancel_booking', { p_booking_id: toCancel.id });
});
afterAll(async () => {
  await t?.stop();
});

describe('booking feeds', () => {
  it('serves a product feed that a maintained parser reads, with wall-clock times across summer time', async () => {
    const token = await rpc<string>('booking_feed_token', { p_product_id: product });
    const res = await fetch(`${t.url}/feeds/v1/booking/${token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parse(await res.text());
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Copenhagen');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Hal 1 – bookinger (Alpha IF)');
    expect(events).toHaveLength(7);
    expect(new Set(events.map((e) => `${localTime(e.start)}-${localTime(e.end)}`))).toEqual(
      new Set(['17:00-19:00']),
    );
    expect(new Set(events.map((e) => e.start.getUTCHours()))).toEqual(new Set([15, 16]));
    const cancelled = events.filter((e) => e.status === 'CANCELLED');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.start.toISOString().slice(0, 10)).toBe(cancelledDay);
    expect(cancelled[0]!.summary).toBe('Aflyst: Booket af Holdleder Jensen');
    expect(events.filter((e) => e.status === 'CONFIRMED')).toHaveLength(6);
    expect(new Set(events.map((e) => e.uid)).size).toBe(7);
  });

  it('serves a member feed in English on request and retires a renewed token', async () => {
    const token = await rpc<string>('booking_feed_token', { p_member_id: member });
    const english = parse(await (await fetch(`${t.url}/feeds/v1/booking/${token}.ics?lang=en`)).text());
    expect(english.calendar.getFirstPropertyValue('x-wr-calname')).toBe(
      'Holdleder Jensen – bookings (Alpha IF)',
    );
    expect(english.events.map((e) => e.summary)).toContain('Hal 1');
    expect(english.events.map((e) => e.summary)).toContain('Cancelled: Hal 1');
    const renewed = await rpc<string>('booking_feed_token', { p_member_id: member, p_renew: true });
    expect(renewed).not.toBe(token);
    const old = await fetch(`${t.url}/feeds/v1/booking/${token}.ics`);
    expect(old.status).toBe(404);
    expect(await old.text()).toContain('fornyet');
    expect((await fetch(`${t.url}/feeds/v1/booking/${renewed}.ics`)).status).toBe(200);
  });

  it('answers 404 for malformed tokens and refuses writes', async () => {
    for (const path of ['not-a-token.ics', `${'0'.repeat(64)}.ics`, `${'a'.repeat(64)}`]) {
      expect((await fetch(`${t.url}/feeds/v1/booking/${path}`)).status).toBe(404);
    }
    const token = await rpc<string>('booking_feed_token', { p_product_id: product });
    expect((await fetch(`${t.url}/feeds/v1/booking/${token}.ics`, { method: 'POST' })).status).toBe(404);
    const anon = t.client();
    const { error } = await anon.rpc('booking_feed_token', { p_product_id: product });
    expect(error).not.toBeNull();
  });
});
