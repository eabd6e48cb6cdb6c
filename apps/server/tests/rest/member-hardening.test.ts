// Issue 23's probes of the member register through the data API with supabase-js: a member
// giving themselves a role (decision 0821), and an admin of only the event area reading the
// register (decision 0820).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommunityCallers, type Caller, type CommunityCallers } from '../support/community-callers';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let platform: TestPlatform;
let callers: CommunityCallers;
let member: Caller;
let eventAdmin: Caller;
let memberAdmin: Caller;
let outsider: string;
let participant: string;
let coachJob: string;
let event: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  callers = await createCommunityCallers(platform);
  const a = callers.communityA;
  member = await callers.caller(a, 'Mette', { member: true });
  eventAdmin = await callers.caller(a, 'Erik', { areas: ['event'] });
  memberAdmin = await callers.caller(a, 'Mona', { areas: ['member'] });
  const one = async (sql: string, params: unknown[]) =>
    (await platform.db.query<{ id: string }>(sql, params)).rows[0]!.id;
  outsider = await one(
    `insert into members (community_id, first_name, last_name, email, phone, street, birth_date)
     values ($1, 'Ole', 'Hansen', 'ole@example.dk', '+45 11 22 33 44', 'Havnegade 1', '1980-05-06') returning id`,
    [a],
  );
  participant = await one(
    `insert into members (community_id, first_name, last_name, email, phone, street, birth_date)
     values ($1, 'Pia', 'Holm', 'pia@example.dk', '+45 55 66 77 88', 'Torvet 2', '1985-07-08') returning id`,
    [a],
  );
  event = await one(
    `insert into events (community_id, title, starts_at, status, visibility)
     values ($1, 'Sommerfest', now() + interval '30 days', 'published', 'members') returning id`,
    [a],
  );
  coachJob = await one(
    `insert into volunteer_jobs (community_id, event_id, title, slots, relevant_roles)
     values ($1, $2, 'Træner ved børneløbet', 2, '{coach}') returning id`,
    [a, event],
  );
  const ticket = await one(
    `insert into tickets (community_id, event_id, name, price_ore) values ($1, $2, 'Voksen', 0) returning id`,
    [a, event],
  );
  await platform.db.query(
    `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, unit_price_ore, total_ore)
     values ($1, $2, $3, $4, 0, 0)`,
    [a, event, ticket, participant],
  );
  await platform.db.query(
    `insert into volunteer_signups (community_id, job_id, member_id) values ($1, $2, $3)`,
    [a, coachJob, participant],
  );
});
afterAll(async () => {
  await platform?.stop();
});

describe('a member editing their own row', () => {
  it('cannot give themselves a role, so a coach-only job stays closed to them', async () => {
    const patched = await member.client
      .from('members')
      .update({ roles: ['coach'] })
      .eq('id', member.memberId!)
      .select('roles');
    expect(patched.status).toBe(400);
    expect(patched.error).toMatchObject({ code: 'P0001', message: 'read_only_field' });
    expect(patched.error?.details).toContain('roles');
    const stored = await platform.db.query('select roles from members where id = $1', [member.memberId]);
    expect(stored.rows).toEqual([{ roles: [] }]);
    const signUp = await member.client.rpc('sign_up_volunteer', { p_job_id: coachJob });
    expect(signUp.error).toMatchObject({ code: 'P0001', message: 'role_required' });
  });

  it('still changes their own contact details', async () => {
    const patched = await member.client
      .from('members')
      .update({ phone: '+45 40 50 60 70', city: 'Svendborg' })
      .eq('id', member.memberId!)
      .select('phone, city');
    expect(patched.error).toBeNull();
    expect(patched.data).toEqual([{ phone: '+45 40 50 60 70', city: 'Svendborg' }]);
  });
});

describe('an admin of only the event area', () => {
  it('reads no address, phone or birth date from the register', async () => {
    const read = await eventAdmin.client.from('members').select('id, street, phone, birth_date');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
  });

  it('reads names from the directory, and contact details only of the people of their events', async () => {
    const read = await eventAdmin.client
      .from('member_directory')
      .select('id, full_name, email, phone')
      .eq('community_id', callers.communityA)
      .in('id', [outsider, participant])
      .order('full_name');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([
      { id: outsider, full_name: 'Ole Hansen', email: null, phone: null },
      { id: participant, full_name: 'Pia Holm', email: 'pia@example.dk', phone: '+45 55 66 77 88' },
    ]);
    const asked = await eventAdmin.client.from('member_directory').select('street');
    expect(asked.status).toBe(400);
    expect(asked.error?.code).toBe('42703');
  });

  it('sees participants and volunteers by name on the event screens', async () => {
    const participants = await eventAdmin.client
      .from('event_admin_participants')
      .select('member_name, member_email')
      .eq('event_id', event);
    expect(participants.data).toEqual([{ member_name: 'Pia Holm', member_email: 'pia@example.dk' }]);
    const volunteers = await eventAdmin.client
      .from('volunteer_signups')
      .select('member_id, members:member_directory(first_name, last_name)')
      .eq('job_id', coachJob);
    expect(volunteers.error).toBeNull();
    expect(volunteers.data).toEqual([
      { member_id: participant, members: { first_name: 'Pia', last_name: 'Holm' } },
    ]);
  });
});

describe('an admin of the member area', () => {
  it('reads the whole register, with the CPR only masked', async () => {
    const read = await memberAdmin.client
      .from('members')
      .select('street, phone, birth_date, cpr_masked')
      .eq('id', outsider)
      .single();
    expect(read.data).toEqual({
      street: 'Havnegade 1',
      phone: '+45 11 22 33 44',
      birth_date: '1980-05-06',
      cpr_masked: null,
    });
  });
});
