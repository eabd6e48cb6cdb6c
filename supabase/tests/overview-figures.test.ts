// The overview's figures (issue #21): each administrator gets the figures of exactly the areas
// they administer, counted on the community's calendar, and nobody else gets any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type Actor, type World } from './support/domain-world';

let world: World;
const ids: Record<string, string> = {};

const figures = async (actor: Actor, community = world.communityA) =>
  (await world.as<{ f: Record<string, unknown> }>(actor, 'select overview_figures($1) as f', [community]))[0]!
    .f;

beforeAll(async () => {
  world = await createWorld();
  const db = world.db;
  const a = world.communityA;
  ids.anna = await addMember(db, a, 'Anna');
  ids.bent = await addMember(db, a, 'Bent');
  // Joined today on the community's calendar (the database's current_date is UTC's).
  await db.query(
    `update members set joined_on = (now() at time zone 'Europe/Copenhagen')::date where id = any ($1::uuid[])`,
    [[ids.anna, ids.bent]],
  );
  const event = async (title: string, startsIn: string, status: string) =>
    (
      await db.query<{ id: string }>(
        `insert into events (community_id, title, starts_at, ends_at, status, release_at)
         values ($1, $2, now() + $3::interval, now() + $3::interval + interval '2 hours', $4::event_status,
                 case when $4 = 'scheduled' then now() + interval '1 day' end) returning id`,
        [a, title, startsIn, status],
      )
    ).rows[0]!.id;
  ids.soon = await event('Klubaften', '3 days', 'published');
  ids.past = await event('Generalforsamling', '-3 days', 'published');
  ids.draft = await event('Juleafslutning', '10 days', 'draft');
  const ticket = (
    await db.query<{ id: string }>(
      `insert into tickets (community_id, event_id, name, participant_limit) values ($1, $2, 'Voksen', 50) returning id`,
      [a, ids.soon],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, quantity, status)
     values ($1, $2, $3, $4, 1, 'active'), ($1, $2, $3, $5, 2, 'active'), ($1, $2, $3, $5, 4, 'cancelled')`,
    [a, ids.soon, ticket, ids.anna, ids.bent],
  );
  const job = (
    await db.query<{ id: string }>(
      `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Baren', 3) returning id`,
      [a, ids.soon],
    )
  ).rows[0]!.id;
  const shifts = await db.query<{ id: string }>(
    `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
     values ($1, $2, now() + interval '5 days', now() + interval '5 days 2 hours', null),
            ($1, $2, now() + interval '20 days', now() + interval '20 days 2 hours', 4)
     returning id`,
    [a, job],
  );
  await db.query(
    `insert into volunteer_signups (community_id, job_id, timeslot_id, member_id) values ($1, $2, $3, $4)`,
    [a, job, shifts.rows[0]!.id, ids.anna],
  );
  await db.query(
    `insert into member_certificates (community_id, member_id, kind, issued_on, expires_on)
     values ($1, $2, 'child_certificate', current_date - 700, current_date + 10),
            ($1, $3, 'child_certificate', current_date - 700, current_date + 40)`,
    [a, ids.anna, ids.bent],
  );
  const group = (
    await db.query<{ id: string }>(
      `insert into groups (community_id, title) values ($1, 'U10') returning id`,
      [a],
    )
  ).rows[0]!.id;
  await db.query(`insert into group_join_requests (community_id, group_id, member_id) values ($1, $2, $3)`, [
    a,
    group,
    ids.bent,
  ]);
});
afterAll(async () => {
  await world?.close();
});

describe('overview figures', () => {
  it('gives an event admin the upcoming events with tickets sold of capacity and the open volunteer places, and nothing else', async () => {
    const f = await figures('eventAdminA');
    expect(Object.keys(f).sort()).toEqual(['events', 'time_zone', 'today']);
    const events = f.events as { upcoming: Record<string, unknown>[]; open_volunteer_slots: number };
    expect(events.upcoming.map((e) => [e.title, e.sold, e.capacity])).toEqual([['Klubaften', 3, 50]]);
    // The shift in 5 days has the job's 3 places, one taken; the one in 20 days is outside 14 days.
    expect(events.open_volunteer_slots).toBe(2);
  });

  it('gives a member admin the member count, this month and certificates expiring within 30 days', async () => {
    const f = await figures('memberAdminA');
    expect(Object.keys(f).sort()).toEqual(['members', 'time_zone', 'today']);
    const total = await world.db.query<{ n: number }>(
      `select count(*)::int as n from members where community_id = $1 and status <> 'left'`,
      [world.communityA],
    );
    expect(f.members).toMatchObject({ count: total.rows[0]!.n, certificates_expiring: 1 });
    expect((f.members as { joined_this_month: number }).joined_this_month).toBeGreaterThanOrEqual(2);
  });

  it('gives a group admin the join requests waiting and a billing admin the money owed', async () => {
    expect((await figures('groupAdminA')).groups).toEqual({ join_requests: 1 });
    const billing = (await figures('billingAdminA')).billing as Record<string, unknown>;
    expect(billing).toMatchObject({ outstanding: { ore: 0, count: 0 }, overdue: { ore: 0, count: 0 } });
  });

  it('counts a post scheduled for later today', async () => {
    await world.db.query(
      `insert into news_posts (community_id, title, status, release_at)
       values ($1, 'Banerne er åbne', 'scheduled',
               now() + ((((now() at time zone 'Europe/Copenhagen')::date + 1)::timestamp at time zone 'Europe/Copenhagen') - now()) / 2)`,
      [world.communityA],
    );
    const news = (await figures('newsAdminA')).news as {
      scheduled_today: number;
      recent: { title: string }[];
    };
    expect(news.scheduled_today).toBe(1);
    expect(news.recent.map((n) => n.title)).toEqual(['Banerne er åbne']);
  });

  it('refuses a plain member and an administrator of another community', async () => {
    expect(await failureOf(figures('memberA'))).toBe('not_allowed');
    expect(await failureOf(figures('adminB'))).toBe('not_allowed');
    expect(Object.keys(await figures('adminB', world.communityB))).toContain('events');
  });
});
