// The second set of analytics (decision 0942) on a hand-made club whose answers are known: the
// age and gender distribution on a day, premises-grant hours split by the booker's age on the
// booked day, and the club filter that every analytics function takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProduct } from './support/booking-fixture';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let harbour: string;
let foreignClub: string;

const local = (day: string, time: string) => `${day} ${time} Europe/Copenhagen`;

beforeAll(async () => {
  world = await createWorld();
  const db = world.db;
  const a = world.communityA;
  harbour = (
    await db.query<{ id: string }>(
      `insert into clubs (community_id, name) values ($1, 'Havneafdelingen') returning id`,
      [a],
    )
  ).rows[0]!.id;
  foreignClub = (
    await db.query<{ id: string }>(
      `insert into clubs (community_id, name) values ($1, 'Anden klub') returning id`,
      [world.communityB],
    )
  ).rows[0]!.id;
  const member = async (
    first: string,
    gender: string | null,
    born: string | null,
    joined: string,
    extra = {},
  ) => {
    const e = { left: null as string | null, status: 'active', club: null as string | null, ...extra };
    return (
      await db.query<{ id: string }>(
        `insert into members (community_id, first_name, last_name, gender, birth_date, joined_on, left_on, status, club_id)
         values ($1, $2, 'Demo', $3::gender, $4, $5, $6, $7::member_status, $8) returning id`,
        [a, first, gender, born, joined, e.left, e.status, e.club],
      )
    ).rows[0]!.id;
  };
  // On 2025-06-15: Ida 10 (0-12, female), Jon 24 → turns 25 on 2025-06-16 (19-24 male), Kim other 40,
  // Lis passive 70 (60+ female), Mads no birth date or gender; Nora left in May; Ole joins in July.
  const ida = await member('Ida', 'female', '2015-01-20', '2020-01-01', { club: harbour });
  const jon = await member('Jon', 'male', '2000-06-16', '2020-01-01', { club: harbour });
  await member('Kim', 'other', '1985-03-01', '2021-05-05');
  await member('Lis', 'female', '1955-02-02', '2019-01-01', { status: 'passive' });
  const mads = await member('Mads', null, null, '2022-02-02');
  await member('Nora', 'female', '1999-09-09', '2020-01-01', { left: '2025-05-01', status: 'left' });
  await member('Ole', 'male', '1990-01-01', '2025-07-01');

  const hall = await makeProduct(world, {
    name: 'Hallen',
    capacity: 5,
    hours: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '00:00', '23:59'] as [number, string, string]),
  });
  const boat = await makeProduct(world, {
    name: 'Klubbåden',
    capacity: 2,
    extra: {},
    hours: [1, 2, 3, 4, 5, 6, 7].map((d) => [d, '00:00', '23:59'] as [number, string, string]),
  });
  await db.query('update booking_products set club_id = $1 where id = $2', [harbour, boat]);
  const book = async (product: string, memberId: string, from: string, to: string, status = 'booked') =>
    db.query(
      `insert into bookings (community_id, product_id, member_id, starts_at, ends_at, status)
       values ($1, $2, $3, $4::timestamptz, $5::timestamptz, $6::booking_status)`,
      [a, product, memberId, from, to, status],
    );
  // Jon books the hall the day before and the day of his 25th birthday: 2 h under 25, 3 h over.
  await book(hall, jon, local('2025-06-15', '10:00'), local('2025-06-15', '12:00'));
  await book(hall, jon, local('2025-06-16', '10:00'), local('2025-06-16', '13:00'));
  await book(hall, ida, local('2025-03-01', '09:00'), local('2025-03-01', '10:30'));
  await book(hall, ida, local('2025-03-02', '09:00'), local('2025-03-02', '17:00'), 'cancelled');
  await book(hall, mads, local('2025-08-08', '18:00'), local('2025-08-08', '19:00'));
  // Half past midnight on New Year's Day in Copenhagen is still 31 December in UTC: it is 2026's.
  await book(hall, ida, local('2026-01-01', '00:30'), local('2026-01-01', '01:30'));
  await book(boat, ida, local('2025-05-10', '08:00'), local('2025-05-10', '12:00'));
});
afterAll(async () => {
  await world?.close();
});

describe('age and gender distribution', () => {
  it('counts the members on the day by age band and gender, leaving out who had left or not joined', async () => {
    const rows = await world.as<{ age_band: string; gender: string; members: string; active: string }>(
      'analyticsAdminA',
      `select age_band, gender, members::text, active::text from analytics_member_demographics($1, '2025-06-15')
       where age_band <> 'unknown' or gender <> 'unknown' or members > 0`,
      [world.communityA],
    );
    // The world's own actors are members without birth date and gender; count them separately.
    const actors = await world.db.query<{ n: string }>(
      `select count(*)::text as n from members where community_id = $1 and birth_date is null and gender is null
         and joined_on <= '2025-06-15' and (left_on is null or left_on > '2025-06-15')`,
      [world.communityA],
    );
    expect(rows).toEqual([
      { age_band: '0-12', gender: 'female', members: '1', active: '1' },
      { age_band: '19-24', gender: 'male', members: '1', active: '1' },
      { age_band: '25-59', gender: 'other', members: '1', active: '1' },
      { age_band: '60+', gender: 'female', members: '1', active: '0' },
      { age_band: 'unknown', gender: 'unknown', members: actors.rows[0]!.n, active: expect.any(String) },
    ]);
  });

  it("keeps to a club's members when a club is chosen, and refuses another community's club or no day", async () => {
    const rows = await world.as<{ age_band: string; gender: string; members: string }>(
      'analyticsAdminA',
      `select age_band, gender, members::text from analytics_member_demographics($1, '2025-06-16', $2)`,
      [world.communityA, harbour],
    );
    expect(rows).toEqual([
      { age_band: '0-12', gender: 'female', members: '1' },
      { age_band: '25-59', gender: 'male', members: '1' },
    ]);
    expect(
      await failureOf(
        world.as('analyticsAdminA', `select * from analytics_member_demographics($1, '2025-06-16', $2)`, [
          world.communityA,
          foreignClub,
        ]),
      ),
    ).toBe('unknown_club');
    expect(
      await failureOf(
        world.as('analyticsAdminA', 'select * from analytics_member_demographics($1, null)', [
          world.communityA,
        ]),
      ),
    ).toBe('invalid_date');
    expect(
      await failureOf(
        world.as('eventAdminA', `select * from analytics_member_demographics($1, '2025-06-16')`, [
          world.communityA,
        ]),
      ),
    ).toBe('not_allowed');
  });
});

describe('premises-grant hours', () => {
  it("splits a year's booked hours by the booker's age on the booked day, without cancelled bookings", async () => {
    const rows = await world.as<Record<string, string>>(
      'analyticsAdminA',
      `select product, bookings::text, hours::text, under25_hours::text, over25_hours::text, unknown_age_hours::text
       from report_premises_hours($1, 2025)`,
      [world.communityA],
    );
    expect(rows).toEqual([
      {
        product: 'Hallen',
        bookings: '4',
        hours: '7.50',
        under25_hours: '3.50',
        over25_hours: '3.00',
        unknown_age_hours: '1.00',
      },
      {
        product: 'Klubbåden',
        bookings: '1',
        hours: '4.00',
        under25_hours: '4.00',
        over25_hours: '0',
        unknown_age_hours: '0',
      },
    ]);
  });

  it('lists the bookings behind the hours, and counts the night of New Year in the new year', async () => {
    const rows = await world.as<{ first_name: string; day: string; age: number | null; age_group: string }>(
      'analyticsAdminA',
      `select first_name, day::text, age, age_group from report_premises_hours_detail($1, 2025) where product = 'Hallen'`,
      [world.communityA],
    );
    expect(rows).toEqual([
      { first_name: 'Ida', day: '2025-03-01', age: 10, age_group: 'under25' },
      { first_name: 'Jon', day: '2025-06-15', age: 24, age_group: 'under25' },
      { first_name: 'Jon', day: '2025-06-16', age: 25, age_group: 'over25' },
      { first_name: 'Mads', day: '2025-08-08', age: null, age_group: 'unknown' },
    ]);
    const next = await world.as<{ day: string }>(
      'analyticsAdminA',
      'select day::text from report_premises_hours_detail($1, 2026)',
      [world.communityA],
    );
    expect(next).toEqual([{ day: '2026-01-01' }]);
  });

  it("keeps to a club's products, and refuses a year out of range or someone without analytics", async () => {
    const rows = await world.as<{ product: string }>(
      'analyticsAdminA',
      'select product from report_premises_hours($1, 2025, $2)',
      [world.communityA, harbour],
    );
    expect(rows).toEqual([{ product: 'Klubbåden' }]);
    expect(
      await failureOf(
        world.as('analyticsAdminA', 'select * from report_premises_hours($1, 1999)', [world.communityA]),
      ),
    ).toBe('year_out_of_range');
    expect(
      await failureOf(
        world.as('adminB', 'select * from report_premises_hours_detail($1, 2025)', [world.communityA]),
      ),
    ).toBe('not_allowed');
  });
});

describe('the club filter of the charts', () => {
  it('counts only the club in members over time, booking utilisation and group growth', async () => {
    const members = await world.as<{ members: string }>(
      'analyticsAdminA',
      `select members::text from analytics_members_over_time($1, '2025-06-01', '2025-06-30', 'month', $2)`,
      [world.communityA, harbour],
    );
    expect(members).toEqual([{ members: '2' }]);
    const booking = await world.as<{ name: string; bookings: string }>(
      'analyticsAdminA',
      `select name, bookings::text from analytics_booking_utilisation($1, '2025-01-01', '2025-12-31', $2)`,
      [world.communityA, harbour],
    );
    expect(booking).toEqual([{ name: 'Klubbåden', bookings: '1' }]);
    for (const sql of [
      `select * from analytics_members_over_time($1, '2025-01-01', '2025-12-31', 'month', $2)`,
      `select * from analytics_event_attendance($1, '2025-01-01', '2025-12-31', $2)`,
      `select * from analytics_booking_utilisation($1, '2025-01-01', '2025-12-31', $2)`,
      `select * from analytics_group_growth($1, '2025-01-01', '2025-12-31', 'month', $2)`,
    ]) {
      expect(await failureOf(world.as('analyticsAdminA', sql, [world.communityA, foreignClub]))).toBe(
        'unknown_club',
      );
    }
  });
});
