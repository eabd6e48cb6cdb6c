// Cancelling and editing a date of a recurring event do exactly what was chosen: this date,
// this and the following dates, or all dates (cancel_event, save_event_series); guest
// volunteers cannot be added to a cancelled date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A published weekly series of five Wednesdays 18:00–20:00 Copenhagen time; its dates in order. */
async function weeklySeries(title: string): Promise<string[]> {
  await world.as('eventAdminA', 'select save_event($1::jsonb)', [
    JSON.stringify({
      community_id: world.communityA,
      title,
      starts_at: '2027-09-01T16:00:00Z',
      ends_at: '2027-09-01T18:00:00Z',
      status: 'published',
      repeat: 'weekly',
      repeat_until: '2027-09-29',
      jobs: [{ title: 'Kiosk', relevant_roles: [], slots: 2 }],
    }),
  ]);
  const rows = await world.db.query<{ id: string }>(
    'select id from events where title = $1 order by starts_at',
    [title],
  );
  return rows.rows.map((r) => r.id);
}

const statuses = async (ids: string[]) =>
  (
    await world.db.query<{ status: string }>(
      'select status::text from events where id = any($1) order by starts_at',
      [ids],
    )
  ).rows.map((r) => r.status);

const cancel = (id: string, scope: string, actor: 'eventAdminA' | 'memberA' | 'newsAdminA' = 'eventAdminA') =>
  world.as<{ n: number }>(actor, 'select cancel_event($1, $2) as n', [id, scope]).then((r) => r[0]!.n);

describe('cancelling a date of a series', () => {
  it('cancels only this date', async () => {
    const dates = await weeklySeries('Onsdagstræning A');
    expect(dates).toHaveLength(5);
    expect(await cancel(dates[2]!, 'this')).toBe(1);
    expect(await statuses(dates)).toEqual(['published', 'published', 'cancelled', 'published', 'published']);
    expect(await failureOf(cancel(dates[2]!, 'this'))).toBe('already_cancelled');
  });

  it('cancels this and the following dates, skipping those already cancelled', async () => {
    const dates = await weeklySeries('Onsdagstræning B');
    await cancel(dates[3]!, 'this');
    expect(await cancel(dates[1]!, 'following')).toBe(3);
    expect(await statuses(dates)).toEqual(['published', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });

  it('cancels all dates from any date of the series', async () => {
    const dates = await weeklySeries('Onsdagstræning C');
    expect(await cancel(dates[4]!, 'all')).toBe(5);
    expect(await statuses(dates)).toEqual(Array(5).fill('cancelled'));
  });

  it('refuses an unknown scope, and callers who are not event admins', async () => {
    const dates = await weeklySeries('Onsdagstræning D');
    expect(await failureOf(cancel(dates[0]!, 'everything'))).toBe('invalid_scope');
    expect(await failureOf(cancel(dates[0]!, 'all', 'memberA'))).toBe('not_allowed');
    expect(await failureOf(cancel(dates[0]!, 'all', 'newsAdminA'))).toBe('not_allowed');
    expect(await statuses(dates)).toEqual(Array(5).fill('published'));
  });
});

describe('editing a date of a series', () => {
  const edit = (id: string, scope: string, changes: Record<string, unknown>) =>
    world.as('eventAdminA', 'select save_event_series($1::jsonb, $2)', [
      JSON.stringify({
        id,
        community_id: world.communityA,
        status: 'published',
        repeat: 'weekly',
        repeat_until: '2027-09-29',
        jobs: [],
        ...changes,
      }),
      scope,
    ]);
  const view = async (ids: string[]) =>
    (
      await world.db.query<{ title: string; at: string }>(
        `select title, to_char(starts_at at time zone 'Europe/Copenhagen', 'DD HH24:MI') || '-' ||
                to_char(ends_at at time zone 'Europe/Copenhagen', 'HH24:MI') as at
         from events where id = any($1) order by starts_at`,
        [ids],
      )
    ).rows.map((r) => `${r.title} ${r.at}`);

  it('moves this and the following dates one hour later with the new title, leaving earlier and cancelled ones', async () => {
    const dates = await weeklySeries('Onsdagstræning E');
    await cancel(dates[4]!, 'this');
    await edit(dates[2]!, 'following', {
      title: 'Onsdagstræning E (ny tid)',
      starts_at: '2027-09-15T17:00:00Z',
      ends_at: '2027-09-15T19:30:00Z',
    });
    expect(await view(dates)).toEqual([
      'Onsdagstræning E 01 18:00-20:00',
      'Onsdagstræning E 08 18:00-20:00',
      'Onsdagstræning E (ny tid) 15 19:00-21:30',
      'Onsdagstræning E (ny tid) 22 19:00-21:30',
      'Onsdagstræning E 29 18:00-20:00',
    ]);
  });

  it('changes only this date, or all dates', async () => {
    const dates = await weeklySeries('Onsdagstræning F');
    await edit(dates[1]!, 'this', {
      title: 'Ekstra',
      starts_at: '2027-09-08T16:00:00Z',
      ends_at: '2027-09-08T18:00:00Z',
    });
    expect((await view(dates)).map((v) => v.split(' ')[0])).toEqual([
      'Onsdagstræning',
      'Ekstra',
      'Onsdagstræning',
      'Onsdagstræning',
      'Onsdagstræning',
    ]);
    await edit(dates[3]!, 'all', {
      title: 'Alle',
      location: 'Hal 2',
      starts_at: '2027-09-22T16:00:00Z',
      ends_at: '2027-09-22T18:00:00Z',
    });
    expect(await view(dates)).toEqual([
      'Alle 01 18:00-20:00',
      'Alle 08 18:00-20:00',
      'Alle 15 18:00-20:00',
      'Alle 22 18:00-20:00',
      'Alle 29 18:00-20:00',
    ]);
    expect(await failureOf(edit(dates[0]!, 'nogle', { title: 'x', starts_at: '2027-09-01T16:00:00Z' }))).toBe(
      'invalid_scope',
    );
  });
});

describe('guest volunteers', () => {
  it('cannot be added to a cancelled date, and can to the others', async () => {
    const dates = await weeklySeries('Onsdagstræning G');
    await cancel(dates[1]!, 'this');
    const job = async (event: string) =>
      (await world.db.query<{ id: string }>('select id from volunteer_jobs where event_id = $1', [event]))
        .rows[0]!.id;
    const addGuest = async (event: string) =>
      world.as(
        'eventAdminA',
        `insert into volunteer_signups (community_id, job_id, guest_name, guest_email)
                               values ($1, $2, 'Gæst', 'gaest@example.dk')`,
        [world.communityA, await job(event)],
      );
    expect(await failureOf(addGuest(dates[1]!))).toBe('event_cancelled');
    await addGuest(dates[2]!);
    expect(
      (await world.db.query('select 1 from volunteer_signups where job_id = $1', [await job(dates[2]!)]))
        .rows,
    ).toHaveLength(1);
  });
});
