// Volunteer shifts in the member app (decision 1072): volunteer_shifts shows a member the shifts
// of the events they may see with places taken of places (counts, never names), their own
// sign-up and why they may not take one (the same rule sign_up_volunteer applies); a member
// gives back their own shift until it starts, never someone else's, and a full shift is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from './support/buyers';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let buyers: string[];

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

async function event(community: string, startsIn = '10 days', visibility = 'members'): Promise<string> {
  return one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Regatta', now() + $2::interval, now() + $2::interval + interval '6 hours', 'published', $3)
     returning id`,
    [community, startsIn, visibility],
  );
}

async function job(eventId: string, title: string, slots: number, roles: string[] = []): Promise<string> {
  return one(
    `insert into volunteer_jobs (community_id, event_id, title, slots, relevant_roles)
     select community_id, id, $2, $3, $4 from events where id = $1 returning id`,
    [eventId, title, slots, roles],
  );
}

async function timeslot(jobId: string, startsIn: string, slots: number | null): Promise<string> {
  return one(
    `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
     select community_id, id, now() + $2::interval, now() + $2::interval + interval '2 hours', $3
       from volunteer_jobs where id = $1 returning id`,
    [jobId, startsIn, slots],
  );
}

type ShiftRow = {
  job_title: string;
  timeslot_id: string | null;
  slots: number;
  taken: number;
  my_signup_id: string | null;
  refusal: string | null;
  may_cancel: boolean;
};

const shifts = (user: string, eventId: string | null = null, community = world.communityA) =>
  world.asUser<ShiftRow>(
    user,
    `select job_title, timeslot_id, slots, taken, my_signup_id, refusal, may_cancel
       from volunteer_shifts($1, $2)`,
    [community, eventId],
  );

const signUp = async (user: string, jobId: string, slotId: string | null = null) =>
  (await world.asUser<{ id: string }>(user, 'select sign_up_volunteer($1, $2) as id', [jobId, slotId]))[0]!
    .id;

const cancel = (user: string, signupId: string) =>
  world.asUser(user, 'select cancel_volunteer_signup($1)', [signupId]);

const statusOf = async (signupId: string) =>
  (await world.db.query<{ status: string }>('select status from volunteer_signups where id = $1', [signupId]))
    .rows[0]!.status;

beforeAll(async () => {
  world = await createWorld();
  buyers = await makeBuyers(world.db, world.communityA, 4);
});
afterAll(async () => {
  await world?.close();
});

describe('volunteer_shifts', () => {
  it('counts the places of each timeslot and shows only my own sign-up', async () => {
    const ev = await event(world.communityA);
    const bar = await job(ev, 'Bar', 3);
    const early = await timeslot(bar, '10 days 1 hour', 2);
    const late = await timeslot(bar, '10 days 4 hours', null);
    const coaches = await job(ev, 'Dommer', 1, ['coach']);
    const mine = await signUp(buyers[0]!, bar, early);
    await signUp(buyers[1]!, bar, early);

    const seen = await shifts(buyers[0]!, ev);
    expect(seen).toEqual([
      // The job without timeslots is one shift at the event's own time, the first.
      {
        job_title: 'Dommer',
        timeslot_id: null,
        slots: 1,
        taken: 0,
        my_signup_id: null,
        refusal: 'role_required',
        may_cancel: false,
      },
      {
        job_title: 'Bar',
        timeslot_id: early,
        slots: 2,
        taken: 2,
        my_signup_id: mine,
        refusal: null,
        may_cancel: true,
      },
      {
        job_title: 'Bar',
        timeslot_id: late,
        slots: 3,
        taken: 0,
        my_signup_id: null,
        refusal: null,
        may_cancel: false,
      },
    ]);
    // The other volunteer sees the same counts and their own sign-up, not mine.
    const theirs = await shifts(buyers[1]!, ev);
    expect(theirs.find((r) => r.timeslot_id === early)).toMatchObject({
      taken: 2,
      my_signup_id: expect.any(String),
    });
    expect(theirs.find((r) => r.timeslot_id === early)!.my_signup_id).not.toBe(mine);
    // The refusal is sign_up_volunteer's own.
    expect(await failureOf(signUp(buyers[0]!, coaches))).toBe('role_required');
  });

  it('leaves out events the caller may not see, other communities, and shifts that are over', async () => {
    const hidden = await event(world.communityA, '10 days', 'invite_only');
    await timeslot(await job(hidden, 'Skjult', 2), '10 days', null);
    const over = await event(world.communityA, '-2 days');
    await job(over, 'Forbi', 2);
    const other = await event(world.communityB);
    await job(other, 'Andet sted', 2);
    const titles = (await shifts(buyers[2]!)).map((r) => r.job_title);
    expect(titles).not.toContain('Skjult');
    expect(titles).not.toContain('Forbi');
    expect(await shifts(buyers[2]!, other, world.communityB)).toEqual([]);
    expect(await failureOf(world.as('anon', 'select * from volunteer_shifts($1)', [world.communityA]))).toBe(
      '42501',
    );
  });
});

describe('signing up and giving back', () => {
  it('refuses a full shift and lets the place be taken again once given back', async () => {
    const ev = await event(world.communityA);
    const gate = await job(ev, 'Indgang', 1);
    const first = await signUp(buyers[0]!, gate);
    expect(await failureOf(signUp(buyers[1]!, gate))).toBe('no_slots_left');
    expect((await shifts(buyers[1]!, ev))[0]).toMatchObject({ slots: 1, taken: 1, my_signup_id: null });
    await cancel(buyers[0]!, first);
    expect(await statusOf(first)).toBe('cancelled');
    expect(await failureOf(signUp(buyers[1]!, gate))).toBe('succeeded');
  });

  it('lets a member cancel their own shift, never someone else’s', async () => {
    const ev = await event(world.communityA);
    const kitchen = await job(ev, 'Køkken', 4);
    const theirs = await signUp(buyers[1]!, kitchen);
    expect(await failureOf(cancel(buyers[0]!, theirs))).toBe('signup_not_found');
    expect(await failureOf(cancel(world.users.memberA, theirs))).toBe('signup_not_found');
    expect(await failureOf(world.as('adminB', 'select cancel_volunteer_signup($1)', [theirs]))).toBe(
      'signup_not_found',
    );
    expect(await statusOf(theirs)).toBe('signed_up');
    expect(await failureOf(cancel(buyers[1]!, theirs))).toBe('succeeded');
    expect(await statusOf(theirs)).toBe('cancelled');
    expect(await failureOf(cancel(buyers[1]!, theirs))).toBe('signup_not_found');
  });

  it('closes a member’s cancelling when the shift starts; the event administrator may still', async () => {
    const ev = await event(world.communityA, '-1 hour');
    const crew = await job(ev, 'Mandskab', 3);
    const now = await timeslot(crew, '-30 minutes', null);
    const later = await timeslot(crew, '2 hours', null);
    const started = await signUp(buyers[2]!, crew, now);
    const coming = await signUp(buyers[2]!, crew, later);
    const rows = await shifts(buyers[2]!, ev);
    expect(rows.map((r) => [r.timeslot_id, r.may_cancel])).toEqual([
      [now, false],
      [later, true],
    ]);
    expect(await failureOf(cancel(buyers[2]!, started))).toBe('shift_started');
    expect(await statusOf(started)).toBe('signed_up');
    expect(await failureOf(cancel(buyers[2]!, coming))).toBe('succeeded');
    expect(await failureOf(world.as('eventAdminA', 'select cancel_volunteer_signup($1)', [started]))).toBe(
      'succeeded',
    );
    expect(await statusOf(started)).toBe('cancelled');
  });
});
