// The booking rules the database holds (issue #19): capacity under 50 concurrent bookers,
// availability kinds, lead time and length limits, wall-clock times across summer-time
// changes, certificates valid on the booked day, groups, deleted products, other
// communities, check-in, cancellation deadline and product delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from './support/buyers';
import { addDays, makeProduct, mondayIn, nextChange, zone } from './support/booking-fixture';

// A wall-clock time on the community's calendar, `days` from today there: member bookings in
// these tests stay inside one local day whatever the hour the suite runs at.
const today = new Intl.DateTimeFormat('sv-SE', { timeZone: zone }).format(new Date());
const localAt = (days: number, time: string) => `${addDays(today, days)} ${time} ${zone}`;
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let buyers: string[];

beforeAll(async () => {
  world = await createWorld();
  buyers = await makeBuyers(world.db, world.communityA, 50);
});
afterAll(async () => {
  await world?.close();
});

const adminBook = (product: string, member: string, from: string, to: string, share = false) =>
  world.as<{ id: string }>(
    'bookingAdminA',
    'select admin_book_product($1, $2, $3::timestamp, $4::timestamp, $5) as id',
    [product, member, from, to, share],
  );
const bookingId = async (product: string, member: string, from: string, to: string) =>
  (await adminBook(product, member, from, to))[0]!.id;
/** The refusal code and words of a call. */
async function refusal(call: Promise<unknown>): Promise<{ code: string; detail: string }> {
  try {
    await call;
    return { code: 'succeeded', detail: '' };
  } catch (error) {
    const e = error as { code?: string; message?: string; detail?: string };
    return { code: e.code === 'P0001' ? (e.message ?? '') : (e.code ?? ''), detail: e.detail ?? '' };
  }
}

describe('capacity', () => {
  it('lets exactly capacity of 50 concurrent bookers of the same hour succeed', async () => {
    const product = await makeProduct(world, { name: 'Hal 2', capacity: 7, hours: [[1, '08:00', '22:00']] });
    const day = mondayIn(2);
    const results = await Promise.all(
      buyers.map((u) =>
        failureOf(
          world.asUser(
            u,
            `select book_product($1, ($2::date + time '18:00') at time zone '${zone}',
                                     ($2::date + time '19:00') at time zone '${zone}')`,
            [product, day],
          ),
        ),
      ),
    );
    const tally: Record<string, number> = {};
    for (const r of results) tally[r] = (tally[r] ?? 0) + 1;
    expect(tally).toEqual({ succeeded: 7, fully_booked: 43 });
    const stored = await world.db.query<{ n: number }>(
      `select count(*)::int as n from bookings where product_id = $1 and status = 'booked'`,
      [product],
    );
    expect(stored.rows[0]!.n).toBe(7);
  });

  it('holds capacity for direct writes through the API too', async () => {
    const product = await makeProduct(world, { name: 'Robåd', hours: [[2, '08:00', '20:00']] });
    const day = addDays(mondayIn(2), 1);
    await bookingId(product, world.memberOf.memberA!, `${day} 10:00`, `${day} 11:00`);
    const direct = await refusal(
      world.as(
        'bookingAdminA',
        `insert into bookings (community_id, product_id, member_id, starts_at, ends_at)
         values ($1, $2, $3, ($4::date + time '10:30') at time zone '${zone}', ($4::date + time '11:30') at time zone '${zone}')`,
        [world.communityA, product, world.memberOf.managerA, day],
      ),
    );
    expect(direct.code).toBe('fully_booked');
  });
});

describe('availability kinds', () => {
  it('weekly hours per weekday, specific days and fixed timeslots', async () => {
    const monday = mondayIn(3);
    const weekly = await makeProduct(world, {
      name: 'Tennisbane',
      hours: [
        [1, '08:00', '12:00'],
        [3, '16:00', '24:00'],
      ],
    });
    const member = world.memberOf.memberA!;
    expect((await refusal(adminBook(weekly, member, `${monday} 09:00`, `${monday} 11:00`))).code).toBe(
      'succeeded',
    );
    const late = await refusal(adminBook(weekly, member, `${monday} 11:00`, `${monday} 13:00`));
    expect(late).toEqual({ code: 'outside_availability', detail: 'Tennisbane is not open at that time' });
    const tuesday = addDays(monday, 1);
    expect((await refusal(adminBook(weekly, member, `${tuesday} 09:00`, `${tuesday} 10:00`))).code).toBe(
      'outside_availability',
    );
    const wednesday = addDays(monday, 2);
    expect(
      (await refusal(adminBook(weekly, member, `${wednesday} 22:00`, `${addDays(wednesday, 1)} 00:00`))).code,
    ).toBe('succeeded');
    expect(
      (await refusal(adminBook(weekly, member, `${wednesday} 23:00`, `${addDays(wednesday, 1)} 01:00`))).code,
    ).toBe('outside_availability');

    const friday = addDays(monday, 4);
    const dated = await makeProduct(world, {
      name: 'Festsal',
      availability: 'specific_days',
      hours: [[friday, '17:00', '23:00']],
    });
    expect((await refusal(adminBook(dated, member, `${friday} 18:00`, `${friday} 22:00`))).code).toBe(
      'succeeded',
    );
    expect(
      (await refusal(adminBook(dated, member, `${addDays(friday, 7)} 18:00`, `${addDays(friday, 7)} 22:00`)))
        .code,
    ).toBe('outside_availability');

    const slots = await makeProduct(world, {
      name: 'Klatrevæg',
      availability: 'timeslot',
      hours: [
        [1, '10:00', '11:30'],
        [1, '12:00', '13:30'],
      ],
    });
    expect((await refusal(adminBook(slots, member, `${monday} 12:00`, `${monday} 13:30`))).code).toBe(
      'succeeded',
    );
    expect(await refusal(adminBook(slots, member, `${monday} 10:00`, `${monday} 11:00`))).toEqual({
      code: 'outside_availability',
      detail: 'Klatrevæg can only be booked in its fixed timeslots',
    });
  });
});

describe('lead time and length', () => {
  it('refuses too short, too long, too soon, not yet open and ending before it starts', async () => {
    const product = await makeProduct(world, {
      name: 'Squash',
      hours: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '00:00', '24:00'] as [number, string, string]),
      extra: {
        min_duration_minutes: 30,
        max_duration_minutes: 120,
        min_notice_minutes: 1440,
        opens_days_ahead: 14,
      },
    });
    const asMember = (from: string, to: string) =>
      world.as('memberA', 'select book_product($1, $2::timestamptz, $3::timestamptz)', [product, from, to]);
    expect((await refusal(asMember(localAt(3, '10:00'), localAt(3, '10:15')))).code).toBe('too_short');
    expect(await refusal(asMember(localAt(3, '10:00'), localAt(3, '13:00')))).toEqual({
      code: 'too_long',
      detail: 'Squash is booked for at most 120 minutes',
    });
    // Within the 24 hours' notice: the next whole hour at least an hour away, for half an hour
    // (on the hour, so it never crosses midnight).
    const soon = new Date(Math.ceil((Date.now() + 3600000) / 3600000) * 3600000);
    const soonEnd = new Date(soon.getTime() + 1800000);
    expect((await refusal(asMember(soon.toISOString(), soonEnd.toISOString()))).code).toBe('too_soon');
    expect((await refusal(asMember(localAt(20, '10:00'), localAt(20, '11:00')))).code).toBe('not_open_yet');
    expect((await refusal(asMember(localAt(3, '11:00'), localAt(3, '10:00')))).code).toBe('invalid_period');
    expect((await refusal(asMember(localAt(-1, '10:00'), localAt(-1, '11:00')))).code).toBe('in_the_past');
    // A booking admin books on behalf of a member past the lead time and opening window.
    const far = addDays(mondayIn(5), 0);
    expect(
      (await refusal(adminBook(product, world.memberOf.memberA!, `${far} 10:00`, `${far} 11:00`))).code,
    ).toBe('succeeded');
    expect(
      (await refusal(adminBook(product, world.memberOf.memberA!, `${far} 12:00`, `${far} 15:00`))).code,
    ).toBe('too_long');
    expect(
      (await refusal(adminBook(product, world.memberOf.memberA!, `${far} 12:00`, `${far} 11:00`))).code,
    ).toBe('invalid_period');
  });
});

describe('summer time', () => {
  it('keeps wall-clock times on the autumn change and refuses the hour that does not exist in spring', async () => {
    const product = await makeProduct(world, {
      name: 'Klubhus',
      priceMode: 'hourly',
      priceOre: 10000,
      hours: [[7, '00:00', '24:00']],
    });
    const autumn = nextChange('autumn');
    const id = await bookingId(product, world.memberOf.memberA!, `${autumn} 00:00`, `${autumn} 06:00`);
    const row = await world.db.query<{ local: string; utc: string; hours: number; price_ore: number }>(
      `select to_char(starts_at at time zone '${zone}', 'HH24:MI') || '-' || to_char(ends_at at time zone '${zone}', 'HH24:MI') as local,
              to_char(starts_at at time zone 'UTC', 'HH24:MI') || '-' || to_char(ends_at at time zone 'UTC', 'HH24:MI') as utc,
              extract(epoch from ends_at - starts_at)::int / 3600 as hours, price_ore
       from bookings where id = $1`,
      [id],
    );
    expect(row.rows[0]).toEqual({ local: '00:00-06:00', utc: '22:00-05:00', hours: 7, price_ore: 70000 });
    const spring = nextChange('spring');
    const gap = await refusal(
      adminBook(product, world.memberOf.memberA!, `${spring} 02:30`, `${spring} 04:00`),
    );
    expect(gap.code).toBe('invalid_local_time');
    expect(gap.detail).toContain('summer time');
  });
});

describe('requirements', () => {
  it('refuses a certificate valid today that expires before the booked day, and a missing group, in words', async () => {
    const day = mondayIn(6);
    const product = await makeProduct(world, { name: 'Minibus', hours: [[1, '06:00', '22:00']] });
    await world.db.query(
      `insert into product_required_certificates (community_id, product_id, kind) values ($1, $2, 'driving_licence')`,
      [world.communityA, product],
    );
    const expiring = await addMember(world.db, world.communityA, 'Erik');
    const valid = await addMember(world.db, world.communityA, 'Vera');
    await world.db.query(
      `insert into member_certificates (community_id, member_id, kind, expires_on)
       values ($1, $2, 'driving_licence', $4::date - 1), ($1, $3, 'driving_licence', $4::date)`,
      [world.communityA, expiring, valid, day],
    );
    const refused = await refusal(adminBook(product, expiring, `${day} 08:00`, `${day} 10:00`));
    expect(refused).toEqual({
      code: 'certificate_missing',
      detail: `A required certificate is not valid on the booked day: driving_licence expires on ${addDays(day, -1)}, before the booked day ${day}`,
    });
    const ok = await bookingId(product, valid, `${day} 08:00`, `${day} 10:00`);
    const stored = await world.db.query<{ requirements: unknown }>(
      'select requirements from bookings where id = $1',
      [ok],
    );
    expect(stored.rows[0]!.requirements).toEqual([
      { type: 'certificate', name: 'driving_licence', met: true, detail: null, expires_on: day },
    ]);

    const group = (
      await world.db.query<{ id: string }>(
        `insert into groups (community_id, title) values ($1, 'Chauffører') returning id`,
        [world.communityA],
      )
    ).rows[0]!.id;
    await world.db.query(
      `insert into product_required_groups (community_id, product_id, group_id) values ($1, $2, $3)`,
      [world.communityA, product, group],
    );
    const check = await world.as<{ r: unknown }>(
      'bookingAdminA',
      'select booking_requirements_check($1, $2, $3) as r',
      [product, valid, day],
    );
    expect(check[0]!.r).toEqual([
      { type: 'certificate', name: 'driving_licence', met: true, detail: null, expires_on: day },
      {
        type: 'group',
        name: 'Chauffører',
        met: false,
        detail: 'not a member of the group Chauffører',
        expires_on: null,
      },
    ]);
    expect(await refusal(adminBook(product, valid, `${day} 12:00`, `${day} 13:00`))).toEqual({
      code: 'group_required',
      detail: 'Minibus is only for members of: Chauffører',
    });
    await world.db.query(
      `insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)`,
      [world.communityA, group, valid],
    );
    expect((await refusal(adminBook(product, valid, `${day} 12:00`, `${day} 13:00`))).code).toBe('succeeded');
  });
});

describe('refusals and 404s', () => {
  it('refuses a deleted product, a member of another community, and hides another community’s booking', async () => {
    const day = mondayIn(7);
    const product = await makeProduct(world, { name: 'Kajak', hours: [[1, '08:00', '20:00']] });
    expect(
      (await refusal(adminBook(product, world.memberOf.adminB!, `${day} 10:00`, `${day} 11:00`))).code,
    ).toBe('member_not_found');
    const booking = await bookingId(product, world.memberOf.memberA!, `${day} 10:00`, `${day} 11:00`);
    expect(await world.as('adminB', 'select id from bookings where id = $1', [booking])).toEqual([]);
    expect((await refusal(world.as('adminB', 'select cancel_booking($1)', [booking]))).code).toBe(
      'booking_not_found',
    );
    expect((await refusal(world.as('adminB', 'select check_in_booking($1)', [booking]))).code).toBe(
      'booking_not_found',
    );
    expect(
      (await refusal(adminBook(world.communityB, world.memberOf.memberA!, `${day} 10:00`, `${day} 11:00`)))
        .code,
    ).toBe('product_not_found');
    await world.as('bookingAdminA', 'select delete_booking_product($1)', [product]);
    expect(
      await refusal(adminBook(product, world.memberOf.memberA!, `${day} 12:00`, `${day} 13:00`)),
    ).toEqual({
      code: 'product_deleted',
      detail: 'Kajak has been deleted and cannot be booked',
    });
  });
});

describe('check-in, cancel and delete', () => {
  it('checks in once, never cancels a checked-in booking, and only booking admins check in', async () => {
    const day = mondayIn(2);
    const product = await makeProduct(world, {
      name: 'Mødelokale',
      capacity: 3,
      hours: [[1, '08:00', '20:00']],
    });
    const booking = await bookingId(product, world.memberOf.memberA!, `${day} 08:00`, `${day} 09:00`);
    expect((await refusal(world.as('memberA', 'select check_in_booking($1)', [booking]))).code).toBe(
      'booking_not_found',
    );
    expect((await refusal(world.as('bookingAdminA', 'select check_in_booking($1)', [booking]))).code).toBe(
      'succeeded',
    );
    expect(await refusal(world.as('bookingAdminA', 'select check_in_booking($1)', [booking]))).toEqual({
      code: 'invalid_transition',
      detail: 'A checked-in booking cannot be checked in',
    });
    expect((await refusal(world.as('bookingAdminA', 'select cancel_booking($1)', [booking]))).code).toBe(
      'invalid_transition',
    );
  });

  it('keeps the price due when cancelled inside the deadline and frees it outside', async () => {
    const product = await makeProduct(world, {
      name: 'Padel 3',
      priceMode: 'hourly',
      priceOre: 15000,
      hours: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '00:00', '24:00'] as [number, string, string]),
      extra: { cancel_deadline_hours: 72 },
    });
    const book = async (days: number) =>
      (
        await world.as<{ id: string }>(
          'memberA',
          'select book_product($1, $2::timestamptz, $3::timestamptz) as id',
          [product, localAt(days, '10:00'), localAt(days, '12:00')],
        )
      )[0]!.id;
    // The day after tomorrow at 10:00 is 34–58 hours away: inside the 72-hour deadline.
    const soon = await book(2);
    const later = await book(10);
    const cancel = (id: string) =>
      world.as<{ r: unknown }>('memberA', 'select cancel_booking($1) as r', [id]);
    expect((await cancel(soon))[0]!.r).toEqual({
      cancelled: 1,
      late_cancellation: true,
      price_due_ore: 30000,
    });
    expect((await cancel(later))[0]!.r).toEqual({ cancelled: 1, late_cancellation: false, price_due_ore: 0 });
    expect((await refusal(cancel(later))).code).toBe('invalid_transition');
  });

  it('deletes a product by cancelling its future bookings with the reason, leaving past ones', async () => {
    const product = await makeProduct(world, { name: 'Sauna', capacity: 2, hours: [[1, '08:00', '20:00']] });
    const day = mondayIn(3);
    await bookingId(product, world.memberOf.memberA!, `${day} 10:00`, `${day} 11:00`);
    await bookingId(product, world.memberOf.managerA!, `${day} 10:00`, `${day} 11:00`);
    await world.db.query(
      `insert into bookings (community_id, product_id, member_id, starts_at, ends_at, status)
       values ($1, $2, $3, now() - interval '3 days', now() - interval '3 days' + interval '1 hour', 'booked')`,
      [world.communityA, product, world.memberOf.memberA],
    );
    expect((await refusal(world.as('memberA', 'select delete_booking_product($1)', [product]))).code).toBe(
      'product_not_found',
    );
    const [deleted] = await world.as<{ n: number }>(
      'bookingAdminA',
      'select delete_booking_product($1) as n',
      [product],
    );
    expect(deleted!.n).toBe(2);
    const rows = await world.db.query<{ status: string; cancel_reason: string | null }>(
      'select status, cancel_reason from bookings where product_id = $1 order by starts_at',
      [product],
    );
    expect(rows.rows).toEqual([
      { status: 'booked', cancel_reason: null },
      { status: 'cancelled', cancel_reason: 'product_deleted' },
      { status: 'cancelled', cancel_reason: 'product_deleted' },
    ]);
    expect(await world.as('memberA', 'select id from booking_products where id = $1', [product])).toEqual([]);
  });
});
