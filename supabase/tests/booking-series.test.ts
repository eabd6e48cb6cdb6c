// Season series (a weekly booking over a year: conflicts reported before confirming, Danish
// public holidays and closed days skipped, wall-clock hours across both summer-time changes,
// one date or the rest cancelled), Danish holidays, feed tokens and utilisation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, makeProduct, mondayIn, zone } from './support/booking-fixture';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('danish_holidays', () => {
  it('lists the public holidays of a year, without Store bededag from 2024', async () => {
    const rows = await world.db.query<{ on_date: string; name_da: string }>(
      `select on_date::text, name_da from danish_holidays('2025-01-01', '2025-12-31')`,
    );
    expect(rows.rows.map((r) => `${r.on_date} ${r.name_da}`)).toEqual([
      '2025-01-01 Nytårsdag',
      '2025-04-17 Skærtorsdag',
      '2025-04-18 Langfredag',
      '2025-04-20 Påskedag',
      '2025-04-21 2. påskedag',
      '2025-05-29 Kristi himmelfartsdag',
      '2025-06-08 Pinsedag',
      '2025-06-09 2. pinsedag',
      '2025-12-25 Juledag',
      '2025-12-26 2. juledag',
    ]);
    const old = await world.db.query<{ on_date: string }>(
      `select on_date::text from danish_holidays('2023-01-01', '2023-12-31') where name_da = 'Store bededag'`,
    );
    expect(old.rows).toEqual([{ on_date: '2023-05-05' }]);
  });
});

describe('season series', () => {
  it('plans a year of Mondays 17-19, reports conflicts, skips holidays and closed days, keeps 17:00 local', async () => {
    const product = await makeProduct(world, { name: 'Hal 1', hours: [[1, '16:00', '21:00']] });
    const team = await addMember(world.db, world.communityA, 'Holdleder');
    const first = mondayIn(1);
    const last = addDays(first, 364);
    const closed = addDays(first, 14);
    const busy = addDays(first, 28);
    await world.db.query(
      `insert into booking_closed_days (community_id, product_id, on_date, reason) values ($1, $2, $3, 'Maling af gulv')`,
      [world.communityA, product, closed],
    );
    await world.as('bookingAdminA', 'select admin_book_product($1, $2, $3::timestamp, $4::timestamp)', [
      product,
      world.memberOf.memberA,
      `${busy} 18:00`,
      `${busy} 19:00`,
    ]);
    const args = [product, team, 1, '17:00', '19:00', first, last];
    const plan = await world.as<{ on_date: string; outcome: string; message: string | null }>(
      'bookingAdminA',
      `select on_date::text, outcome, message from preview_booking_series($1, $2, $3, $4::time, $5::time, $6::date, $7::date)`,
      args,
    );
    // 364 days after a Monday is a Monday: 53 dates.
    expect(plan).toHaveLength(53);
    const byOutcome = (o: string) => plan.filter((p) => p.outcome === o);
    expect(byOutcome('fully_booked')).toEqual([
      { on_date: busy, outcome: 'fully_booked', message: 'Hal 1 is fully booked at that time' },
    ]);
    expect(byOutcome('closed_day')).toEqual([
      { on_date: closed, outcome: 'closed_day', message: `Hal 1 is closed on ${closed} (Maling af gulv)` },
    ]);
    const holidays = byOutcome('holiday').map((h) => h.message);
    expect(holidays).toContain('2. påskedag');
    expect(holidays).toContain('2. pinsedag');
    const free = byOutcome('free').length;
    expect(free).toBe(plan.length - 2 - holidays.length);

    const refused = await failureOf(
      world.as(
        'bookingAdminA',
        'select create_booking_series($1, $2, $3, $4::time, $5::time, $6::date, $7::date)',
        args,
      ),
    );
    expect(refused).toBe('series_conflicts');
    expect(await world.db.query('select 1 from booking_series where member_id = $1', [team])).toMatchObject({
      rows: [],
    });

    const [created] = await world.as<{
      r: { series_id: string; booked: number; skipped: number; conflicts: number };
    }>(
      'bookingAdminA',
      `select create_booking_series($1, $2, $3, $4::time, $5::time, $6::date, $7::date, p_skip_conflicts => true) as r`,
      args,
    );
    expect(created!.r).toMatchObject({ booked: free, skipped: plan.length - free, conflicts: 1 });
    const times = await world.db.query<{ local: string; utc: string }>(
      `select distinct to_char(starts_at at time zone '${zone}', 'HH24:MI') || '-' || to_char(ends_at at time zone '${zone}', 'HH24:MI') as local,
              to_char(starts_at at time zone 'UTC', 'HH24:MI') as utc
       from bookings where series_id = $1 order by utc`,
      [created!.r.series_id],
    );
    expect(times.rows).toEqual([
      { local: '17:00-19:00', utc: '15:00' },
      { local: '17:00-19:00', utc: '16:00' },
    ]);

    const dates = await world.db.query<{ id: string }>(
      `select id from bookings where series_id = $1 order by starts_at`,
      [created!.r.series_id],
    );
    const ids = dates.rows.map((r) => r.id);
    const cancel = (id: string, scope: string) =>
      world.as<{ r: { cancelled: number } }>('bookingAdminA', 'select cancel_booking($1, $2) as r', [
        id,
        scope,
      ]);
    expect((await cancel(ids[2]!, 'this'))[0]!.r.cancelled).toBe(1);
    expect((await cancel(ids[1]!, 'following'))[0]!.r.cancelled).toBe(ids.length - 2);
    const left = await world.db.query<{ status: string; n: number }>(
      `select status, count(*)::int as n from bookings where series_id = $1 group by status order by status`,
      [created!.r.series_id],
    );
    expect(left.rows).toEqual([
      { status: 'booked', n: 1 },
      { status: 'cancelled', n: ids.length - 1 },
    ]);
    expect(await failureOf(world.as('bookingAdminA', 'select cancel_booking($1, $2)', [ids[0], 'all']))).toBe(
      'invalid_scope',
    );
  });

  it('refuses a series for another community, a reversed range and a series over 18 months', async () => {
    const product = await makeProduct(world, { name: 'Hal 3', hours: [[2, '16:00', '21:00']] });
    const first = mondayIn(1);
    const series = (member: string, from: string, to: string) =>
      failureOf(
        world.as(
          'bookingAdminA',
          'select * from preview_booking_series($1, $2, 2, $3::time, $4::time, $5::date, $6::date)',
          [product, member, '17:00', '19:00', from, to],
        ),
      );
    expect(await series(world.memberOf.adminB!, first, addDays(first, 30))).toBe('member_not_found');
    expect(await series(world.memberOf.memberA!, first, addDays(first, -1))).toBe('invalid_range');
    expect(await series(world.memberOf.memberA!, first, addDays(first, 600))).toBe('series_too_long');
    expect(
      await failureOf(
        world.as(
          'adminB',
          'select * from preview_booking_series($1, $2, 2, $3::time, $4::time, $5::date, $6::date)',
          [product, world.memberOf.memberA, '17:00', '19:00', first, addDays(first, 30)],
        ),
      ),
    ).toBe('product_not_found');
  });
});

describe('feed tokens', () => {
  it('makes a secret token per product, renews it, and only the server reads the feed', async () => {
    const product = await makeProduct(world, { name: 'Bane 7', hours: [[1, '08:00', '20:00']] });
    const token = async (renew: boolean) =>
      (
        await world.as<{ t: string }>(
          'bookingAdminA',
          'select booking_feed_token(p_product_id => $1, p_renew => $2) as t',
          [product, renew],
        )
      )[0]!.t;
    const firstToken = await token(false);
    expect(firstToken).toMatch(/^[0-9a-f]{64}$/);
    expect(await token(false)).toBe(firstToken);
    const renewed = await token(true);
    expect(renewed).not.toBe(firstToken);
    expect(
      await failureOf(world.as('memberA', 'select booking_feed_token(p_product_id => $1)', [product])),
    ).toBe('feed_not_found');
    expect(await failureOf(world.as('bookingAdminA', 'select app_private.booking_feed($1)', [renewed]))).toBe(
      '42501',
    );
    const feed = await world.db.query<{ f: { name: string; time_zone: string } | null }>(
      'select app_private.booking_feed($1) as f',
      [renewed],
    );
    expect(feed.rows[0]!.f).toMatchObject({ name: 'Bane 7', time_zone: zone, bookings: [] });
    const old = await world.db.query('select app_private.booking_feed($1) as f', [firstToken]);
    expect(old.rows[0]).toEqual({ f: null });
  });
});

describe('booking_utilisation', () => {
  it('sums booked hours per product per week and the hours of members under 25', async () => {
    const product = await makeProduct(world, {
      name: 'Gymnastiksal',
      capacity: 2,
      hours: [[1, '08:00', '22:00']],
    });
    const young = await addMember(world.db, world.communityA, 'Ung');
    const grown = await addMember(world.db, world.communityA, 'Voksen');
    const day = mondayIn(2);
    await world.db.query(
      `update members set birth_date = ($1::date - interval '20 years')::date where id = $2`,
      [day, young],
    );
    await world.db.query(
      `update members set birth_date = ($1::date - interval '40 years')::date where id = $2`,
      [day, grown],
    );
    const book = (member: string, from: string, to: string) =>
      world.as('bookingAdminA', 'select admin_book_product($1, $2, $3::timestamp, $4::timestamp)', [
        product,
        member,
        `${day} ${from}`,
        `${day} ${to}`,
      ]);
    await book(young, '10:00', '12:30');
    await book(grown, '10:00', '11:00');
    const rows = await world.as<{
      period_start: string;
      bookings: number;
      booked_hours: string;
      under25_hours: string;
    }>(
      'bookingAdminA',
      `select period_start::text, bookings::int, booked_hours::text, under25_hours::text
       from booking_utilisation($1, $2::date, $3::date, 'week') where product_id = $4`,
      [world.communityA, day, addDays(day, 6), product],
    );
    expect(rows).toEqual([{ period_start: day, bookings: 2, booked_hours: '3.50', under25_hours: '2.50' }]);
    expect(
      await failureOf(
        world.as('memberA', `select * from booking_utilisation($1, $2::date, $3::date)`, [
          world.communityA,
          day,
          day,
        ]),
      ),
    ).toBe('not_allowed');
  });
});

describe('save_booking_product', () => {
  it('saves a product with hours and requirements in one call and replaces them on the next', async () => {
    const group = (
      await world.db.query<{ id: string }>(
        `insert into groups (community_id, title) values ($1, 'Roere') returning id`,
        [world.communityA],
      )
    ).rows[0]!.id;
    const doc = {
      community_id: world.communityA,
      name: ' Robåd 2 ',
      availability: 'weekly',
      capacity: 2,
      price_mode: 'hourly',
      price_ore: 5000,
      min_notice_minutes: 60,
      cancel_deadline_hours: 24,
      hours: [{ weekday: 6, starts_at: '08:00', ends_at: '18:00' }],
      certificates: ['boat_licence'],
      group_ids: [group],
    };
    const [saved] = await world.as<{ id: string }>('bookingAdminA', 'select save_booking_product($1) as id', [
      doc,
    ]);
    const id = saved!.id;
    await world.as('bookingAdminA', 'select save_booking_product($1)', [
      {
        ...doc,
        id,
        price_mode: 'none',
        hours: [{ on_date: '2030-06-01', starts_at: '10:00', ends_at: '12:00' }],
        certificates: [],
        group_ids: [],
      },
    ]);
    const row = await world.db.query(
      `select p.name, p.price_mode, p.price_ore, p.cancel_deadline_hours,
              (select count(*)::int from product_availability a where a.product_id = p.id and a.on_date is not null) as dated,
              (select count(*)::int from product_availability a where a.product_id = p.id) as hours,
              (select count(*)::int from product_required_certificates c where c.product_id = p.id) as certs
       from booking_products p where p.id = $1`,
      [id],
    );
    expect(row.rows[0]).toEqual({
      name: 'Robåd 2',
      price_mode: 'none',
      price_ore: 0,
      cancel_deadline_hours: 24,
      dated: 1,
      hours: 1,
      certs: 0,
    });
    expect(await failureOf(world.as('memberA', 'select save_booking_product($1)', [doc]))).toBe(
      'not_allowed',
    );
    expect(
      await failureOf(world.as('bookingAdminA', 'select save_booking_product($1)', [{ ...doc, hours: [] }])),
    ).toBe('hours_required');
    expect(
      await failureOf(
        world.as('bookingAdminA', 'select save_booking_product($1)', [{ ...doc, capacity: 0 }]),
      ),
    ).toBe('23514');
  });
});
