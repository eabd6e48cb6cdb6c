// Data minimisation on the member register (decision 0820): admins outside the member area
// read names through member_directory, and e-mail/phone only of the people of their events,
// groups and bookings; the member area reads whole rows (the CPR only masked); the CPR
// itself only on reveal by a membership manager.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let outsider: string; // a member of A with nothing to do with any event, group or booking
let participant: string; // bought a ticket to an event of A
let volunteer: string; // signed up for a volunteer job of A
let groupie: string; // in a group of A
let event: string;

beforeAll(async () => {
  world = await createWorld();
  const { db, communityA: a } = world;
  const one = async (sql: string, params: unknown[]) =>
    (await db.query<{ id: string }>(sql, params)).rows[0]!.id;
  outsider = await addMember(db, a, 'Ole');
  participant = await addMember(db, a, 'Pia');
  volunteer = await addMember(db, a, 'Vera');
  groupie = await addMember(db, a, 'Gert');
  await db.query(
    `update members set phone = '+45 11 22 33 44', street = 'Havnegade 1', postal_code = '5000', city = 'Odense',
       birth_date = '1990-01-01' where community_id = $1`,
    [a],
  );
  event = await one(
    `insert into events (community_id, title, starts_at, status, visibility)
     values ($1, 'Sommerfest', now() + interval '30 days', 'published', 'members') returning id`,
    [a],
  );
  const ticket = await one(
    `insert into tickets (community_id, event_id, name, price_ore) values ($1, $2, 'Voksen', 0) returning id`,
    [a, event],
  );
  await db.query(
    `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, unit_price_ore, total_ore)
     values ($1, $2, $3, $4, 0, 0)`,
    [a, event, ticket, participant],
  );
  const job = await one(
    `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Bar', 4) returning id`,
    [a, event],
  );
  await db.query(`insert into volunteer_signups (community_id, job_id, member_id) values ($1, $2, $3)`, [
    a,
    job,
    volunteer,
  ]);
  const group = await one(`insert into groups (community_id, title) values ($1, 'Senior') returning id`, [a]);
  await db.query(`insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)`, [
    a,
    group,
    groupie,
  ]);
  await db.transaction(async (tx) => {
    await tx.query(`select set_config('app.cpr_key', 'test-cpr-key-0123456789', true)`);
    await tx.query(`select set_member_cpr($1, '0101901234', 'consent')`, [outsider]);
  });
});
afterAll(async () => {
  await world?.close();
});

type Directory = { id: string; full_name: string; email: string | null; phone: string | null };
const directory = (actor: Parameters<World['as']>[0], id: string) =>
  world
    .as<Directory>(actor, 'select id, full_name, email, phone from member_directory where id = $1', [id])
    .then((rows) => rows[0]);

describe('an admin of the event area only', () => {
  it('cannot read address, phone or birth date of the register', async () => {
    const rows = await world.as(
      'eventAdminA',
      'select street, phone, birth_date from members where id = any ($1)',
      [[outsider, participant]],
    );
    expect(rows).toEqual([]);
    // Not through the old lookup either.
    expect(
      await world.as('eventAdminA', `select id from lookup_members($1, 'Ole')`, [world.communityA]),
    ).toEqual([]);
  });

  it('reads the names of every member, without contact details of people outside their events', async () => {
    expect(await directory('eventAdminA', outsider)).toEqual({
      id: outsider,
      full_name: 'Ole Jensen',
      email: null,
      phone: null,
    });
    const found = await world.as<Directory>(
      'eventAdminA',
      `select id, full_name, email from lookup_member_directory($1, 'ole')`,
      [world.communityA],
    );
    expect(found).toEqual([{ id: outsider, full_name: 'Ole Jensen', email: null }]);
  });

  it('reads the e-mail and phone of the participants and volunteers of their events', async () => {
    for (const id of [participant, volunteer]) {
      const row = await directory('eventAdminA', id);
      expect(row?.email).toMatch(/@example\.dk$/);
      expect(row?.phone).toBe('+45 11 22 33 44');
    }
    const participants = await world.as<{ member_name: string; member_email: string | null }>(
      'eventAdminA',
      'select member_name, member_email from event_admin_participants where event_id = $1',
      [event],
    );
    expect(participants).toHaveLength(1);
    expect(participants[0]!.member_name).toBe('Pia Jensen');
    expect(participants[0]!.member_email).toMatch(/^pia\..*@example\.dk$/);
  });

  it('does not read the contact details of group members; a group admin does', async () => {
    expect((await directory('eventAdminA', groupie))?.email).toBeNull();
    expect((await directory('groupAdminA', groupie))?.email).toMatch(/^gert\./);
    expect((await directory('groupAdminA', participant))?.email).toBeNull();
  });

  it('is offered no column of the directory beyond name, number, club, status and contact', async () => {
    const columns = await world.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'member_directory' order by ordinal_position`,
    );
    expect(columns.rows.map((c) => c.column_name)).toEqual([
      'id',
      'community_id',
      'club_id',
      'mid',
      'first_name',
      'last_name',
      'full_name',
      'status',
      'email',
      'phone',
      'contact_visible',
    ]);
  });
});

describe('the member area', () => {
  it('reads whole rows, the CPR only masked', async () => {
    const rows = await world.as<Record<string, unknown>>(
      'memberAdminA',
      'select street, phone, birth_date::text, cpr_masked from members where id = $1',
      [outsider],
    );
    expect(rows).toEqual([
      {
        street: 'Havnegade 1',
        phone: '+45 11 22 33 44',
        birth_date: '1990-01-01',
        cpr_masked: '010190-xxxx',
      },
    ]);
    expect(
      await failureOf(world.as('memberAdminA', `select reveal_member_cpr($1, 'Børneattest')`, [outsider])),
    ).toBe('not_membership_manager');
    expect((await directory('memberAdminA', outsider))?.phone).toBe('+45 11 22 33 44');
  });

  it('is the register of owners too', async () => {
    const rows = await world.as<{ street: string }>('ownerA', 'select street from members where id = $1', [
      outsider,
    ]);
    expect(rows).toEqual([{ street: 'Havnegade 1' }]);
  });

  it('lets a membership manager reveal the CPR', async () => {
    const rows = await world.as<{ cpr: string }>(
      'managerA',
      `select reveal_member_cpr($1, 'Børneattest') as cpr`,
      [outsider],
    );
    expect(rows).toEqual([{ cpr: '010190-1234' }]);
  });
});

describe('a plain member', () => {
  it('reads their own row and nobody else, in the register or the directory', async () => {
    const own = await world.as<{ id: string }>('memberA', 'select id from members');
    expect(own.map((r) => r.id)).toEqual([world.memberOf.memberA]);
    const seen = await world.as<{ id: string }>('memberA', 'select id from member_directory');
    expect(seen.map((r) => r.id)).toEqual([world.memberOf.memberA]);
  });
});
