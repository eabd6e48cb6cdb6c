// The events admin console's database part: save_event (one transaction for an event with all
// its parts, never dropping sold parts), the list summary with sales figures and the
// participant view, each seen only by event admins of the community.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

function eventDocument(overrides: Record<string, unknown> = {}) {
  return {
    community_id: world.communityA,
    title: 'Sommerfest',
    location: 'Havnevej 4, 4000 Roskilde',
    starts_at: '2027-06-19T17:00:00Z',
    ends_at: '2027-06-19T22:00:00Z',
    status: 'published',
    visibility: 'members',
    kind: 'internal',
    repeat: 'never',
    tickets: [
      { name: 'Voksen', participant_limit: 50, price_ore: 15000 },
      { name: 'Barn', participant_limit: 20, price_ore: 5000 },
    ],
    addons: [
      {
        name: 'Mad',
        min_per_person: 0,
        max_per_person: 2,
        options: [{ title: 'Buffet', price_ore: 12500, capacity: 30 }],
      },
    ],
    jobs: [
      {
        title: 'Bar',
        relevant_roles: [],
        slots: 2,
        timeslots: [
          { starts_at: '2027-06-19T17:00:00Z', ends_at: '2027-06-19T19:00:00Z' },
          { starts_at: '2027-06-19T19:00:00Z', ends_at: '2027-06-19T21:00:00Z', slots: 3 },
        ],
      },
    ],
    invitations: [],
    ...overrides,
  };
}

const save = (actor: 'eventAdminA' | 'newsAdminA' | 'memberA' | 'adminB' | 'anon', doc: unknown) =>
  world
    .as<{ id: string }>(actor, 'select save_event($1::jsonb) as id', [JSON.stringify(doc)])
    .then((rows) => rows[0]!.id);

describe('save_event', () => {
  it('creates an event with tickets, add-on options and volunteer timeslots in one call', async () => {
    const id = await save('eventAdminA', eventDocument());
    const parts = await world.db.query<{ tickets: string; options: string; slots: string }>(
      `select (select string_agg(name || ':' || price_ore, ',' order by sort_order) from tickets where event_id = $1) as tickets,
              (select string_agg(o.title || ':' || o.capacity, ',') from addon_options o join event_addons a on a.id = o.addon_id
               where a.event_id = $1) as options,
              (select string_agg(coalesce(s.slots::text, '-'), ',' order by s.starts_at) from volunteer_timeslots s
               join volunteer_jobs j on j.id = s.job_id where j.event_id = $1) as slots`,
      [id],
    );
    expect(parts.rows[0]).toEqual({ tickets: 'Voksen:15000,Barn:5000', options: 'Buffet:30', slots: '-,3' });
  });

  it('is refused to everyone but event admins of the community', async () => {
    expect(await failureOf(save('newsAdminA', eventDocument()))).toBe('42501');
    expect(await failureOf(save('memberA', eventDocument()))).toBe('42501');
    expect(await failureOf(save('adminB', eventDocument()))).toBe('42501');
    expect(await failureOf(save('anon', eventDocument()))).toBe('42501');
    const id = await save('eventAdminA', eventDocument({ title: 'Kun for admins' }));
    expect(
      await failureOf(save('adminB', eventDocument({ id, community_id: world.communityB, title: 'Kapret' }))),
    ).toBe('event_not_found');
    const stored = await world.db.query<{ title: string }>('select title from events where id = $1', [id]);
    expect(stored.rows[0]!.title).toBe('Kun for admins');
  });

  it('updates kept parts, removes left-out ones, and keeps everything when a sold part would go', async () => {
    const id = await save('eventAdminA', eventDocument({ title: 'Generalforsamling' }));
    const tickets = await world.db.query<{ id: string; name: string }>(
      'select id, name from tickets where event_id = $1 order by sort_order',
      [id],
    );
    const adult = tickets.rows[0]!;
    const child = tickets.rows[1]!;
    await save(
      'eventAdminA',
      eventDocument({
        id,
        title: 'Generalforsamling 2027',
        tickets: [{ id: adult.id, name: 'Voksen', participant_limit: 60, price_ore: 16000 }],
      }),
    );
    const after = await world.db.query<{ id: string; participant_limit: number; price_ore: number }>(
      'select id, participant_limit, price_ore from tickets where event_id = $1',
      [id],
    );
    expect(after.rows).toEqual([{ id: adult.id, participant_limit: 60, price_ore: 16000 }]);
    expect(child.name).toBe('Barn');

    await world.asUser(world.users.memberA, 'select buy_ticket($1, 2)', [adult.id]);
    expect(
      await failureOf(save('eventAdminA', eventDocument({ id, title: 'Uden billetter', tickets: [] }))),
    ).toBe('ticket_has_sales');
    const kept = await world.db.query<{ title: string; n: string }>(
      'select title, (select count(*) from tickets where event_id = $1)::text as n from events where id = $1',
      [id],
    );
    expect(kept.rows[0]).toEqual({ title: 'Generalforsamling 2027', n: '1' });
  });

  it('refuses a job with sign-ups being removed, and reports bad input by its constraint', async () => {
    const id = await save('eventAdminA', eventDocument({ title: 'Loppemarked' }));
    const slot = await world.db.query<{ job: string; slot: string }>(
      `select j.id as job, s.id as slot from volunteer_jobs j join volunteer_timeslots s on s.job_id = j.id
       where j.event_id = $1 order by s.starts_at limit 1`,
      [id],
    );
    await world.asUser(world.users.memberA, 'select sign_up_volunteer($1, $2)', [
      slot.rows[0]!.job,
      slot.rows[0]!.slot,
    ]);
    expect(await failureOf(save('eventAdminA', eventDocument({ id, jobs: [] })))).toBe('job_has_signups');
    expect(await failureOf(save('eventAdminA', eventDocument({ title: '  ' })))).toBe('23514');
    expect(await failureOf(save('eventAdminA', eventDocument({ ends_at: '2027-06-19T10:00:00Z' })))).toBe(
      '23514',
    );
    expect(
      await failureOf(save('eventAdminA', eventDocument({ status: 'scheduled', release_at: null }))),
    ).toBe('23514');
    expect(await failureOf(save('eventAdminA', 'not an object'))).toBe('invalid_event');
  });

  it('takes a participant limit of at most 100000 places, one free stock row each (decision 1073)', async () => {
    const tickets = (limit: number) => [{ name: 'Stadion', participant_limit: limit, price_ore: 0 }];
    expect(
      await failureOf(save('eventAdminA', eventDocument({ title: 'Landskamp', tickets: tickets(100_001) }))),
    ).toBe('23514');
    const id = await save('eventAdminA', eventDocument({ title: 'Landskamp', tickets: tickets(100_000) }));
    const free = await world.db.query<{ n: number }>(
      `select count(*)::int as n from app_private.ticket_stock s join tickets t on t.id = s.ticket_id
        where t.event_id = $1`,
      [id],
    );
    expect(free.rows[0]!.n).toBe(100_000);
  });

  it('expands a weekly series on publishing, keeping the local time across the change to winter time', async () => {
    const id = await save(
      'eventAdminA',
      eventDocument({
        title: 'Træning',
        starts_at: '2027-10-21T17:00:00Z',
        ends_at: '2027-10-21T19:00:00Z',
        repeat: 'weekly',
        repeat_until: '2027-11-04',
        status: 'draft',
      }),
    );
    const count = async () =>
      (
        await world.db.query<{ n: string }>('select count(*)::text as n from events where series_id = $1', [
          id,
        ])
      ).rows[0]!.n;
    expect(await count()).toBe('0');
    await save(
      'eventAdminA',
      eventDocument({
        id,
        title: 'Træning',
        starts_at: '2027-10-21T17:00:00Z',
        ends_at: '2027-10-21T19:00:00Z',
        repeat: 'weekly',
        repeat_until: '2027-11-04',
        status: 'scheduled',
        release_at: '2027-10-01T08:00:00Z',
      }),
    );
    const local = await world.db.query<{ at: string }>(
      `select to_char(starts_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI') as at from events
       where series_id = $1 order by starts_at`,
      [id],
    );
    expect(local.rows.map((r) => r.at)).toEqual(['2027-10-21 19:00', '2027-10-28 19:00', '2027-11-04 19:00']);
  });
});

describe('save_event on a series', () => {
  it('publishes an occurrence on its own without starting a new series from it', async () => {
    const root = await save(
      'eventAdminA',
      eventDocument({
        title: 'Onsdagsløb',
        starts_at: '2027-09-01T16:00:00Z',
        ends_at: '2027-09-01T17:00:00Z',
        repeat: 'weekly',
        repeat_until: '2027-09-15',
        status: 'scheduled',
        release_at: '2027-08-01T08:00:00Z',
        tickets: [],
        addons: [],
        jobs: [],
      }),
    );
    const series = async () =>
      (
        await world.db.query<{ id: string; status: string }>(
          'select id, status::text from events where title = $1 order by starts_at',
          ['Onsdagsløb'],
        )
      ).rows;
    const before = await series();
    expect(before.length).toBe(3);
    const occurrence = before[1]!.id;
    await world.db.query(`update events set status = 'draft' where id = $1`, [occurrence]);
    await save(
      'eventAdminA',
      eventDocument({
        id: occurrence,
        title: 'Onsdagsløb',
        starts_at: '2027-09-08T16:00:00Z',
        ends_at: '2027-09-08T17:00:00Z',
        repeat: 'weekly',
        repeat_until: '2027-09-15',
        status: 'published',
        tickets: [],
        addons: [],
        jobs: [],
      }),
    );
    const after = await series();
    expect(after.map((r) => r.status)).toEqual(['scheduled', 'published', 'scheduled']);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(root).toBe(before[0]!.id);
  });
});

describe('event_admin_summaries and event_admin_participants', () => {
  it('sums active tickets and revenue, knows unlimited capacity, and shows a due release as published', async () => {
    const id = await save(
      'eventAdminA',
      eventDocument({ title: 'Julefrokost', status: 'scheduled', release_at: '2026-01-01T08:00:00Z' }),
    );
    const [adult] = (
      await world.db.query<{ id: string }>('select id from tickets where event_id = $1 order by sort_order', [
        id,
      ])
    ).rows;
    const option = (
      await world.db.query<{ id: string; addon_id: string }>(
        'select o.id, o.addon_id from addon_options o join event_addons a on a.id = o.addon_id where a.event_id = $1',
        [id],
      )
    ).rows[0]!;
    const purchase = (
      await world.asUser<{ id: string }>(world.users.memberA, 'select buy_ticket($1, 2, $2::jsonb) as id', [
        adult!.id,
        JSON.stringify([{ option_id: option.id, quantity: 1 }]),
      ])
    )[0]!.id;
    await world.asUser(world.users.managerA, 'select buy_ticket($1, 1)', [adult!.id]).catch(() => undefined);

    const [summary] = await world.as<Record<string, unknown>>(
      'eventAdminA',
      'select effective_status, capacity, tickets_sold, revenue_ore from event_admin_summaries where id = $1',
      [id],
    );
    const sold = (
      await world.db.query<{ n: number; ore: string }>(
        `select sum(quantity)::int as n, sum(total_ore)::text as ore from ticket_purchases where event_id = $1 and status = 'active'`,
        [id],
      )
    ).rows[0]!;
    expect(summary).toEqual({
      effective_status: 'published',
      capacity: 70,
      tickets_sold: sold.n,
      revenue_ore: sold.ore,
    });
    expect(Number(sold.ore)).toBeGreaterThanOrEqual(2 * 15000 + 12500);

    await world.asUser(world.users.memberA, 'select cancel_ticket($1)', [purchase]);
    const [afterCancel] = await world.as<{ tickets_sold: number }>(
      'eventAdminA',
      'select tickets_sold from event_admin_summaries where id = $1',
      [id],
    );
    expect(afterCancel!.tickets_sold).toBe(sold.n - 2);

    await save(
      'eventAdminA',
      eventDocument({
        id,
        title: 'Julefrokost',
        status: 'scheduled',
        release_at: '2026-01-01T08:00:00Z',
        tickets: [{ id: adult!.id, name: 'Voksen', participant_limit: null, price_ore: 15000 }],
        addons: [
          {
            id: option.addon_id,
            name: 'Mad',
            max_per_person: 2,
            options: [{ id: option.id, title: 'Buffet', price_ore: 12500, capacity: 30 }],
          },
        ],
      }),
    );
    const [unlimited] = await world.as<{ capacity: number | null }>(
      'eventAdminA',
      'select capacity from event_admin_summaries where id = $1',
      [id],
    );
    expect(unlimited!.capacity).toBeNull();

    const participants = await world.as<{
      member_name: string;
      ticket_name: string;
      status: string;
      addons: unknown;
    }>(
      'eventAdminA',
      'select member_name, ticket_name, status, addons from event_admin_participants where id = $1',
      [purchase],
    );
    expect(participants).toEqual([
      {
        member_name: 'Mette Jensen',
        ticket_name: 'Voksen',
        status: 'cancelled',
        addons: [{ option_id: option.id, title: 'Buffet', addon: 'Mad', quantity: 1, unit_price_ore: 12500 }],
      },
    ]);
  });

  it('shows nothing to members of the community, admins of other areas or another community', async () => {
    const id = await save('eventAdminA', eventDocument({ title: 'Skjult for andre' }));
    const [adult] = (
      await world.db.query<{ id: string }>('select id from tickets where event_id = $1 order by sort_order', [
        id,
      ])
    ).rows;
    await world.asUser(world.users.memberA, 'select buy_ticket($1)', [adult!.id]);
    for (const actor of ['newsAdminA', 'adminB', 'anon'] as const) {
      const rows = await world.as(actor, 'select id from event_admin_participants where event_id = $1', [id]);
      expect(`${actor}: ${rows.length}`).toBe(`${actor}: 0`);
    }
    // A member sees the published event (RLS of events) and only their own purchase.
    const own = await world.as<{ member_name: string }>(
      'memberA',
      'select member_name from event_admin_participants where event_id = $1',
      [id],
    );
    expect(own).toEqual([{ member_name: 'Mette Jensen' }]);
    const others = await world.as('adminB', 'select id from event_admin_summaries where id = $1', [id]);
    expect(others).toEqual([]);
  });
});
