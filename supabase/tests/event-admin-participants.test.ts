// An event administrator's counterparts on the event page (decision 1071): adding a participant
// by hand (a member or a guest) through the same place-taking rule as a purchase, putting an
// existing member (or a guest) on a volunteer shift under the sign-up's rules, and the
// participants list's check-in being the door's admission record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from './support/buyers';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let buyers: string[];

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

async function eventWithTicket(community: string, opts: { limit?: number; price?: number } = {}) {
  const event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Julefrokost', now() + interval '1 day', now() + interval '1 day 5 hours', 'published', 'members')
     returning id`,
    [community],
  );
  const ticket = await one(
    `insert into tickets (community_id, event_id, name, price_ore, participant_limit)
     values ($1, $2, 'Voksen', $3, $4) returning id`,
    [community, event, opts.price ?? 0, opts.limit ?? null],
  );
  return { event, ticket };
}

interface Added {
  member?: string;
  guestName?: string;
  guestEmail?: string;
  quantity?: number;
  payment?: string;
}

const addParticipant = (
  ticket: string,
  who: Added,
  actor: 'eventAdminA' | 'memberA' | 'adminB' | 'groupAdminA' = 'eventAdminA',
  community = world.communityA,
) =>
  world.as<{ id: string }>(actor, 'select add_event_participant($1, $2, $3, $4, $5, $6, $7) as id', [
    community,
    ticket,
    who.quantity ?? 1,
    who.member ?? null,
    who.guestName ?? null,
    who.guestEmail ?? null,
    who.payment ?? 'to_pay',
  ]);

const purchase = async (id: string) =>
  (
    await world.db.query<{
      member_id: string | null;
      guest_name: string | null;
      guest_email: string | null;
      quantity: number;
      total_ore: number;
      payment: string | null;
      added_by: string | null;
      status: string;
    }>(`select * from ticket_purchases where id = $1`, [id])
  ).rows[0]!;

beforeAll(async () => {
  world = await createWorld();
  buyers = await makeBuyers(world.db, world.communityA, 3);
});
afterAll(async () => {
  await world?.close();
});

describe('add_event_participant', () => {
  it('adds an existing member, marked as added by the administrator and to be paid', async () => {
    const { ticket } = await eventWithTicket(world.communityA, { price: 15000 });
    const [row] = await addParticipant(ticket, { member: world.memberOf.memberA, quantity: 2 });
    expect(await purchase(row!.id)).toMatchObject({
      member_id: world.memberOf.memberA,
      guest_name: null,
      quantity: 2,
      total_ore: 30000,
      payment: 'to_pay',
      added_by: world.users.eventAdminA,
      status: 'active',
    });
    // A ticket type without a price is complimentary, whatever was asked.
    const free = await eventWithTicket(world.communityA);
    const [gratis] = await addParticipant(free.ticket, { member: world.memberOf.memberA });
    expect(await purchase(gratis!.id)).toMatchObject({ total_ore: 0, payment: 'complimentary' });
    // The member sees the ticket as theirs, with its signed code.
    const codes = await world.as<{ purchase_id: string }>('memberA', 'select * from my_ticket_codes($1)', [
      world.communityA,
    ]);
    expect(codes.map((c) => c.purchase_id)).toContain(row!.id);
  });

  it('adds a guest by name and e-mail; complimentary costs nothing', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA, { price: 15000 });
    const [row] = await addParticipant(ticket, {
      guestName: ' Gæst Hansen ',
      guestEmail: 'Gaest@Example.DK',
      payment: 'complimentary',
    });
    expect(await purchase(row!.id)).toMatchObject({
      member_id: null,
      guest_name: 'Gæst Hansen',
      guest_email: 'gaest@example.dk',
      total_ore: 0,
      payment: 'complimentary',
    });
    const list = await world.as<{ guest_name: string; payment: string }>(
      'eventAdminA',
      'select guest_name, payment from event_admin_participants where event_id = $1',
      [event],
    );
    expect(list).toEqual([{ guest_name: 'Gæst Hansen', payment: 'complimentary' }]);
    // The door list names the guest too.
    const door = await world.as<{ name: string }>('eventAdminA', 'select name from door_list($1, $2)', [
      world.communityA,
      event,
    ]);
    expect(door.map((d) => d.name)).toEqual(['Gæst Hansen']);
  });

  it('refuses an invalid guest: no name, a malformed e-mail, or a member and a guest at once', async () => {
    const { ticket } = await eventWithTicket(world.communityA);
    expect(await failureOf(addParticipant(ticket, { guestName: ' ', guestEmail: 'a@b.dk' }))).toBe(
      'guest_name_required',
    );
    expect(await failureOf(addParticipant(ticket, { guestName: 'Ole', guestEmail: 'ole@' }))).toBe(
      'invalid_email',
    );
    expect(await failureOf(addParticipant(ticket, { guestName: 'Ole' }))).toBe('invalid_email');
    expect(
      await failureOf(
        addParticipant(ticket, { member: world.memberOf.memberA, guestName: 'Ole', guestEmail: 'o@x.dk' }),
      ),
    ).toBe('member_or_guest');
    expect(await failureOf(addParticipant(ticket, { member: world.memberOf.memberA, payment: 'cash' }))).toBe(
      'invalid_payment',
    );
  });

  it('keeps the participant limit: the administrator cannot oversell either', async () => {
    const { ticket } = await eventWithTicket(world.communityA, { limit: 3 });
    // A member buys two of the three places themselves.
    await world.asUser(buyers[0]!, 'select buy_ticket($1, 2)', [ticket]);
    expect(await failureOf(addParticipant(ticket, { member: world.memberOf.memberA, quantity: 2 }))).toBe(
      'sold_out',
    );
    await addParticipant(ticket, { guestName: 'Sidste', guestEmail: 'sidste@example.dk' });
    expect(await failureOf(addParticipant(ticket, { member: world.memberOf.memberA }))).toBe('sold_out');
    // ... nor can a member buy past the administrator's addition.
    expect(await failureOf(world.asUser(buyers[1]!, 'select buy_ticket($1)', [ticket]))).toBe('sold_out');
    const sold = await world.db.query<{ n: number }>(
      `select sum(quantity)::int as n from ticket_purchases where ticket_id = $1 and status = 'active'`,
      [ticket],
    );
    expect(sold.rows[0]!.n).toBe(3);
  });

  it('refuses a cancelled event', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    await world.db.query(`update events set status = 'cancelled' where id = $1`, [event]);
    expect(await failureOf(addParticipant(ticket, { member: world.memberOf.memberA }))).toBe(
      'event_cancelled',
    );
  });

  it('refuses whoever is not an event administrator of the community', async () => {
    const { ticket } = await eventWithTicket(world.communityA);
    expect(await failureOf(addParticipant(ticket, { member: world.memberOf.memberA }, 'memberA'))).toBe(
      'not_allowed',
    );
    expect(await failureOf(addParticipant(ticket, { member: world.memberOf.memberA }, 'groupAdminA'))).toBe(
      'not_allowed',
    );
    // Nor can anyone write the purchase's admin marks through the data API without the function.
    expect(
      await failureOf(
        world.as('memberA', `update ticket_purchases set payment = 'complimentary' where ticket_id = $1`, [
          ticket,
        ]),
      ),
    ).toBe('succeeded');
    const untouched = await world.db.query<{ n: string }>(
      `select count(*)::text as n from ticket_purchases where ticket_id = $1`,
      [ticket],
    );
    expect(untouched.rows[0]!.n).toBe('0');
  });

  it('refuses another community: its ticket, and a member of another community', async () => {
    const a = await eventWithTicket(world.communityA);
    const b = await eventWithTicket(world.communityB);
    // Community B's administrator, naming their own community, cannot reach A's ticket ...
    expect(
      await failureOf(
        addParticipant(a.ticket, { member: world.memberOf.adminB }, 'adminB', world.communityB),
      ),
    ).toBe('ticket_not_found');
    // ... nor naming A, where they administer nothing.
    expect(await failureOf(addParticipant(a.ticket, { member: world.memberOf.memberA }, 'adminB'))).toBe(
      'not_allowed',
    );
    // A's administrator cannot put B's member on A's event, nor add to B's event.
    expect(await failureOf(addParticipant(a.ticket, { member: world.memberOf.adminB }))).toBe('not_a_member');
    expect(
      await failureOf(
        addParticipant(b.ticket, { member: world.memberOf.adminB }, 'eventAdminA', world.communityB),
      ),
    ).toBe('not_allowed');
    expect(
      await failureOf(
        addParticipant(
          b.ticket,
          { guestName: 'X', guestEmail: 'x@example.dk' },
          'eventAdminA',
          world.communityA,
        ),
      ),
    ).toBe('ticket_not_found');
  });
});

describe('add_volunteer', () => {
  async function jobWithSlot(slots: number, roles: string[] = []) {
    const { event } = await eventWithTicket(world.communityA);
    const job = await one(
      `insert into volunteer_jobs (community_id, event_id, title, slots, relevant_roles) values ($1, $2, 'Bar', $3, $4)
       returning id`,
      [world.communityA, event, slots, roles],
    );
    const slot = await one(
      `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at)
       values ($1, $2, now() + interval '1 day', now() + interval '1 day 2 hours') returning id`,
      [world.communityA, job],
    );
    return { job, slot };
  }
  const addVolunteer = (
    job: string,
    slot: string | null,
    who: { member?: string; guestName?: string; guestEmail?: string },
    actor: 'eventAdminA' | 'memberA' | 'adminB' = 'eventAdminA',
    community = world.communityA,
  ) =>
    world.as<{ id: string }>(actor, 'select add_volunteer($1, $2, $3, $4, $5, $6) as id', [
      community,
      job,
      slot,
      who.member ?? null,
      who.guestName ?? null,
      who.guestEmail ?? null,
    ]);

  it('puts an existing member on a shift, once, and a guest beside them', async () => {
    const { job, slot } = await jobWithSlot(3);
    const [row] = await addVolunteer(job, slot, { member: world.memberOf.memberA });
    const signup = await world.db.query<{ member_id: string; timeslot_id: string; status: string }>(
      'select member_id, timeslot_id, status from volunteer_signups where id = $1',
      [row!.id],
    );
    expect(signup.rows[0]).toEqual({
      member_id: world.memberOf.memberA,
      timeslot_id: slot,
      status: 'signed_up',
    });
    // The member sees the shift as their own.
    const mine = await world.as<{ id: string }>(
      'memberA',
      'select id from volunteer_signups where job_id = $1',
      [job],
    );
    expect(mine.map((s) => s.id)).toEqual([row!.id]);
    expect(await failureOf(addVolunteer(job, slot, { member: world.memberOf.memberA }))).toBe(
      'already_signed_up',
    );
    await addVolunteer(job, slot, { guestName: 'Gæst', guestEmail: 'gaest@example.dk' });
    expect(await failureOf(addVolunteer(job, slot, { guestName: 'Gæst', guestEmail: 'nope' }))).toBe(
      'invalid_email',
    );
  });

  it('keeps the shift capacity, the timeslot and the role rules of a sign-up', async () => {
    const { job, slot } = await jobWithSlot(1);
    expect(await failureOf(addVolunteer(job, null, { member: world.memberOf.memberA }))).toBe(
      'timeslot_required',
    );
    await addVolunteer(job, slot, { guestName: 'Første', guestEmail: 'forste@example.dk' });
    expect(await failureOf(addVolunteer(job, slot, { member: world.memberOf.memberA }))).toBe(
      'no_slots_left',
    );
    // A member signing up themselves meets the same full shift.
    expect(await failureOf(world.as('memberA', 'select sign_up_volunteer($1, $2)', [job, slot]))).toBe(
      'no_slots_left',
    );
    const coaches = await jobWithSlot(2, ['coach']);
    expect(await failureOf(addVolunteer(coaches.job, coaches.slot, { member: world.memberOf.memberA }))).toBe(
      'role_required',
    );
  });

  it('refuses non-administrators and other communities', async () => {
    const { job, slot } = await jobWithSlot(5);
    expect(await failureOf(addVolunteer(job, slot, { member: world.memberOf.memberA }, 'memberA'))).toBe(
      'not_allowed',
    );
    expect(
      await failureOf(addVolunteer(job, slot, { member: world.memberOf.adminB }, 'adminB', world.communityB)),
    ).toBe('job_not_found');
    expect(await failureOf(addVolunteer(job, slot, { member: world.memberOf.adminB }))).toBe('not_a_member');
    const left = await addMember(world.db, world.communityA, 'Udmeldt');
    await world.db.query(`update members set status = 'left' where id = $1`, [left]);
    expect(await failureOf(addVolunteer(job, slot, { member: left }))).toBe('not_a_member');
  });
});

describe('check-in from the participants list', () => {
  it('is the door record: admit_purchase from the list, then the door scan says already used', async () => {
    const { event, ticket } = await eventWithTicket(world.communityA);
    const [row] = await addParticipant(ticket, { member: world.memberOf.memberA });
    const listed = await world.as<{ v: { verdict: string; checked_in_at: string } }>(
      'eventAdminA',
      'select admit_purchase($1, $2, $3) as v',
      [world.communityA, event, row!.id],
    );
    expect(listed[0]!.v.verdict).toBe('admitted');
    const code = (
      await world.as<{ purchase_id: string; code: string }>('memberA', 'select * from my_ticket_codes($1)', [
        world.communityA,
      ])
    ).find((c) => c.purchase_id === row!.id)!.code;
    const door = await world.as<{ v: { verdict: string; checked_in_at: string } }>(
      'eventAdminA',
      'select admit_ticket($1, $2, $3) as v',
      [world.communityA, event, code],
    );
    expect(door[0]!.v.verdict).toBe('already_used');
    expect(new Date(door[0]!.v.checked_in_at).getTime()).toBe(new Date(listed[0]!.v.checked_in_at).getTime());
    const view = await world.as<{ checked_in_at: string }>(
      'eventAdminA',
      'select checked_in_at from event_admin_participants where id = $1',
      [row!.id],
    );
    expect(new Date(view[0]!.checked_in_at).getTime()).toBe(new Date(listed[0]!.v.checked_in_at).getTime());

    // Undone from the list, the door admits the ticket again.
    await world.as('eventAdminA', 'select undo_admission($1, $2)', [world.communityA, row!.id]);
    const again = await world.as<{ v: { verdict: string } }>(
      'eventAdminA',
      'select admit_ticket($1, $2, $3) as v',
      [world.communityA, event, code],
    );
    expect(again[0]!.v.verdict).toBe('admitted');
  });
});
