// The calendar's read (booking_calendar, decision 0950) shows each role exactly the bookings
// and names it saw through bookings + member_directory, and the booking call's narrower locks
// (decision 0951) still never let overlapping bookings exceed a product's capacity: concurrent
// member, admin and direct bookings of staggered periods, a season series against single
// bookings, and a booking that waits only for bookings of its own hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, makeProduct, mondayIn, zone } from './support/booking-fixture';
import { makeBuyers } from './support/buyers';
import type { Queryable } from '../../apps/server/src/database/database';
import { adminAreas, createWorld, failureOf, type Actor, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

const everyDay = [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '06:00', '23:00'] as [number, string, string]);
const adminBook = (product: string, member: string, from: string, to: string) =>
  world.as('bookingAdminA', 'select admin_book_product($1, $2, $3::timestamp, $4::timestamp) as id', [
    product,
    member,
    from,
    to,
  ]);
/** The start of a local day as an instant (ISO text). */
const dayStart = async (day: string) =>
  (
    await world.db.query<{ t: string }>(
      `select to_char(($1::date::timestamp at time zone '${zone}') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as t`,
      [day],
    )
  ).rows[0]!.t;
/** Pairs of non-cancelled bookings of a product that overlap. */
const overlappingPairs = async (product: string) =>
  (
    await world.db.query<{ n: number }>(
      `select count(*)::int as n from bookings a join bookings b on a.product_id = b.product_id and a.id < b.id
       where a.product_id = $1 and a.status <> 'cancelled' and b.status <> 'cancelled'
         and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
      [product],
    )
  ).rows[0]!.n;

describe('booking_calendar', () => {
  it('shows every role the same bookings and names as bookings with member_directory did', async () => {
    const monday = mondayIn(3);
    const hall = await makeProduct(world, { name: 'Kalenderhal', capacity: 3, hours: everyDay });
    const other = await makeProduct(world, { name: 'Hal B', hours: everyDay }, world.communityB);
    const mette = world.memberOf.memberA!;
    const morten = world.memberOf.managerA!;
    await adminBook(hall, mette, `${monday} 10:00`, `${monday} 11:00`);
    await adminBook(hall, morten, `${addDays(monday, 2)} 12:00`, `${addDays(monday, 2)} 14:00`);
    const [cancelled] = await world.as<{ id: string }>(
      'bookingAdminA',
      'select admin_book_product($1, $2, $3::timestamp, $4::timestamp) as id',
      [hall, morten, `${monday} 16:00`, `${monday} 17:00`],
    );
    await world.as('bookingAdminA', 'select cancel_booking($1)', [cancelled!.id]);
    // The Monday after the span and community B's own booking stay out of A's week.
    await adminBook(hall, mette, `${addDays(monday, 7)} 10:00`, `${addDays(monday, 7)} 11:00`);
    await world.as('adminB', 'select admin_book_product($1, $2, $3::timestamp, $4::timestamp)', [
      other,
      world.memberOf.adminB,
      `${monday} 10:00`,
      `${monday} 11:00`,
    ]);

    const from = await dayStart(monday);
    const to = await dayStart(addDays(monday, 7));
    type Row = { id: string; member_name: string | null };
    const calendar = (actor: Actor, community = world.communityA) =>
      world.as<Row>(
        actor,
        'select id, member_name from booking_calendar($1, $2, $3) order by starts_at, id',
        [community, from, to],
      );
    // The read the grid made before decision 0950, under the caller's own rights.
    const before = (actor: Actor, community = world.communityA) =>
      world.as<Row>(
        actor,
        `select b.id, d.full_name as member_name from bookings b left join member_directory d on d.id = b.member_id
         where b.community_id = $1 and b.status <> 'cancelled' and b.starts_at >= $2 and b.starts_at < $3
         order by b.starts_at, b.id`,
        [community, from, to],
      );

    const admin = await calendar('bookingAdminA');
    expect(admin.map((r) => r.member_name)).toEqual(['Mette Jensen', 'Morten Jensen']);
    expect(await calendar('memberA')).toEqual([admin[0]]);
    expect(await calendar('eventAdminA')).toEqual([]);
    expect(await calendar('adminB')).toEqual([]);
    expect((await calendar('adminB', world.communityB)).map((r) => r.member_name)).toEqual(['Bo Jensen']);
    const actors: Actor[] = [
      'memberA',
      'managerA',
      'ownerA',
      'adminB',
      'service',
      ...adminAreas.map((a) => `${a}AdminA` as const),
    ];
    for (const actor of actors) {
      for (const community of [world.communityA, world.communityB]) {
        expect({ actor, rows: await calendar(actor, community) }).toEqual({
          actor,
          rows: await before(actor, community),
        });
      }
    }
    expect(await failureOf(calendar('anon'))).toBe('42501');
  });

  it('leaves contact details to the directory: the booking admin sees a booker’s, other areas and communities do not', async () => {
    const day = mondayIn(4);
    const hall = await makeProduct(world, { name: 'Kontakthal', hours: everyDay });
    await adminBook(hall, world.memberOf.memberA!, `${day} 09:00`, `${day} 10:00`);
    const email = (
      await world.db.query<{ email: string }>('select email from members where id = $1', [
        world.memberOf.memberA,
      ])
    ).rows[0]!.email;
    const contact = (actor: Actor) =>
      world.as<{ full_name: string; email: string | null }>(
        actor,
        'select full_name, email from member_directory where id = $1',
        [world.memberOf.memberA],
      );
    expect(await contact('bookingAdminA')).toEqual([{ full_name: 'Mette Jensen', email }]);
    expect(await contact('newsAdminA')).toEqual([{ full_name: 'Mette Jensen', email: null }]);
    expect(await contact('adminB')).toEqual([]);
    const columns = await world.db.query<{ name: string }>(
      `select parameter_name as name from information_schema.parameters p
       join information_schema.routines r on r.specific_name = p.specific_name
       where r.routine_schema = 'public' and r.routine_name = 'booking_calendar' and p.parameter_mode = 'OUT'`,
    );
    expect(columns.rows.map((c) => c.name).sort()).toEqual(
      ['ends_at', 'id', 'member_name', 'product_id', 'starts_at', 'status'].sort(),
    );
  });

  it('refuses a span that is missing, reversed, empty or longer than 42 days', async () => {
    const from = await dayStart(mondayIn(2));
    const span = (a: string | null, b: string | null) =>
      failureOf(
        world.as('bookingAdminA', 'select * from booking_calendar($1, $2, $3)', [world.communityA, a, b]),
      );
    const plus = (days: number) => new Date(Date.parse(from) + days * 86400000).toISOString();
    expect(await span(null, plus(7))).toBe('invalid_range');
    expect(await span(from, null)).toBe('invalid_range');
    expect(await span(plus(7), from)).toBe('invalid_range');
    expect(await span(from, from)).toBe('invalid_range');
    expect(await span(from, plus(43))).toBe('invalid_range');
    expect(await span(from, plus(42))).toBe('succeeded');
    expect(await span('not a time', plus(7))).toBe('22007');
  });
});

describe('booking locks', () => {
  it('never lets concurrent member, admin and direct bookings of staggered periods exceed the capacity', async () => {
    const buyers = await makeBuyers(world.db, world.communityA, 24);
    const members = (
      await world.db.query<{ id: string; user_id: string }>(
        'select id, user_id from members where user_id = any ($1::uuid[])',
        [buyers],
      )
    ).rows;
    const day = addDays(mondayIn(5), 1);
    for (const capacity of [1, 2]) {
      const product = await makeProduct(world, { name: `Bane ${capacity}`, capacity, hours: everyDay });
      // Periods of 30 to 90 minutes starting every quarter of an hour from 10:00.
      const period = (k: number) => {
        const start = 600 + 15 * (k % 16);
        const end = start + 30 * (1 + (k % 3));
        const t = (m: number) =>
          `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        return [`${day} ${t(start)}`, `${day} ${t(end)}`] as const;
      };
      const calls = members.map((m, k) => {
        const [from, to] = period(k);
        if (k % 3 === 0)
          return failureOf(
            world.asUser(
              m.user_id,
              `select book_product($1, $2::timestamp at time zone '${zone}', $3::timestamp at time zone '${zone}')`,
              [product, from, to],
            ),
          );
        if (k % 3 === 1) return failureOf(adminBook(product, m.id, from, to));
        return failureOf(
          world.as(
            'bookingAdminA',
            `insert into bookings (community_id, product_id, member_id, starts_at, ends_at)
             values ($1, $2, $3, $4::timestamp at time zone '${zone}', $5::timestamp at time zone '${zone}')`,
            [world.communityA, product, m.id, from, to],
          ),
        );
      });
      const outcomes = await Promise.all(calls);
      expect(new Set(outcomes)).toEqual(new Set(['succeeded', 'fully_booked']));
      // At no moment (every quarter of an hour, where all periods start and end) more than capacity.
      const peak = await world.db.query<{ n: number }>(
        `select max(n)::int as n from (
           select count(b.id) as n from generate_series(($2::date + time '10:00') at time zone '${zone}',
                                                         ($2::date + time '16:00') at time zone '${zone}',
                                                         interval '15 minutes') t
           left join bookings b on b.product_id = $1 and b.status <> 'cancelled'
                                and b.starts_at <= t and b.ends_at > t
           group by t) x`,
        [product, day],
      );
      expect(peak.rows[0]!.n).toBeLessThanOrEqual(capacity);
      if (capacity === 1) expect(await overlappingPairs(product)).toBe(0);
      const stored = await world.db.query<{ n: number }>(
        `select count(*)::int as n from bookings where product_id = $1 and status <> 'cancelled'`,
        [product],
      );
      expect(stored.rows[0]!.n).toBe(outcomes.filter((o) => o === 'succeeded').length);
    }
  });

  it('never overbooks when a season series and single bookings of its dates come at once', async () => {
    const product = await makeProduct(world, { name: 'Hal 1 sæson', hours: everyDay });
    const member = world.memberOf.memberA!;
    const tuesday = addDays(mondayIn(8), 1);
    const last = addDays(tuesday, 35);
    const series = failureOf(
      world.as(
        'bookingAdminA',
        `select create_booking_series($1, $2, 2, time '17:00', time '19:00', $3::date, $4::date, false, true)`,
        [product, member, tuesday, last],
      ),
    );
    // Singles on three of the six Tuesdays, so the series always has free dates left.
    const singles = [0, 14, 28].map((d) =>
      failureOf(
        adminBook(
          product,
          world.memberOf.managerA!,
          `${addDays(tuesday, d)} 18:00`,
          `${addDays(tuesday, d)} 18:30`,
        ),
      ),
    );
    const outcomes = await Promise.all([series, ...singles]);
    expect(outcomes[0]).toBe('succeeded');
    for (const o of outcomes.slice(1)) expect(['succeeded', 'fully_booked']).toContain(o);
    expect(await overlappingPairs(product)).toBe(0);
    const weeks = await world.db.query<{ n: number }>(
      `select count(distinct (starts_at at time zone '${zone}')::date)::int as n from bookings
       where product_id = $1 and status <> 'cancelled'`,
      [product],
    );
    // Every Tuesday holds exactly one booking: the series' or the single one that came first.
    expect(weeks.rows[0]!.n).toBe(6);
  });

  it('locks only the hours a booking touches, so another hour of the product does not wait', async () => {
    const product = await makeProduct(world, { name: 'Hal 3', hours: everyDay });
    const day = addDays(mondayIn(6), 2);
    const member = world.memberOf.memberA!;
    const book = (tx: Queryable, from: string, to: string) =>
      tx.query('select admin_book_product($1, $2, $3::timestamp, $4::timestamp)', [
        product,
        member,
        `${day} ${from}`,
        `${day} ${to}`,
      ]);
    await world.inRequest('bookingAdminA', async (tx) => {
      await book(tx, '10:30', '12:00');
      // 10:30–12:00 touches two clock hours; the product row is only share-locked.
      const locks = await tx.query<{ n: number }>(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
      );
      expect(locks.rows[0]!.n).toBe(2);
      if (world.db.engine !== 'postgres') return; // the embedded database has one session
      // Another session, while this booking is not yet committed: an hour it does not touch
      // is booked at once; an overlapping hour waits for it (lock_timeout ends the wait).
      const other = (from: string, to: string) =>
        failureOf(
          world.inRequest('bookingAdminA', async (tx2) => {
            await tx2.query(`set local lock_timeout = '1s'`);
            return book(tx2, from, to);
          }),
        );
      expect(await other('12:00', '13:00')).toBe('succeeded');
      expect(await other('08:00', '10:00')).toBe('succeeded');
      expect(await other('11:30', '12:30')).toBe('55P03');
    });
    expect(
      await failureOf(
        world.as('bookingAdminA', 'select admin_book_product($1, $2, $3::timestamp, $4::timestamp)', [
          product,
          member,
          `${day} 11:30`,
          `${day} 12:30`,
        ]),
      ),
    ).toBe('fully_booked');
  });
});
