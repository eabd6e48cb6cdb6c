// The groups area's rules as the group admin meets them: price settings and their refusals,
// archive and unarchive, delete only a group that never had a member, join approval and
// requests, the welcome e-mail texts, and the list and roster reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
const ids: Record<string, string> = {};

const newGroup = async (title: string, extra = '') =>
  (
    await world.as<{ id: string }>(
      'groupAdminA',
      `insert into groups (community_id, title${extra ? ', visibility' : ''}) values ($1, $2${extra ? ', $3' : ''})
       returning id`,
      extra ? [world.communityA, title, extra] : [world.communityA, title],
    )
  )[0]!.id;

const savePrice = (
  group: string,
  frequency: string | null,
  price: string | null,
  starts?: string,
  rule = 'full',
) =>
  world.as('groupAdminA', 'select save_group_price($1, $2::payment_frequency, $3::numeric, $4::date, $5)', [
    group,
    frequency,
    price,
    starts ?? null,
    rule,
  ]);

const groupRow = async (group: string) =>
  (
    await world.db.query<{
      payment_frequency: string | null;
      price_ore: number;
      charging_starts_on: string | null;
      mid_period_join: string;
      archived: boolean;
    }>(
      `select payment_frequency, price_ore, charging_starts_on::text, mid_period_join, archived from groups where id = $1`,
      [group],
    )
  ).rows[0]!;

beforeAll(async () => {
  world = await createWorld();
  ids.anna = await addMember(world.db, world.communityA, 'Anna');
  ids.bent = await addMember(world.db, world.communityA, 'Bent');
});
afterAll(async () => {
  await world?.close();
});

describe('group price', () => {
  it('saves a price typed in kroner, and free clears it', async () => {
    ids.paid = await newGroup('Motion 60+');
    await savePrice(ids.paid, 'monthly', '249.50', '2030-01-01', 'pro_rata');
    expect(await groupRow(ids.paid)).toMatchObject({
      payment_frequency: 'monthly',
      price_ore: 24950,
      charging_starts_on: '2030-01-01',
      mid_period_join: 'pro_rata',
    });
    const free = await newGroup('Frivillige');
    await savePrice(free, 'monthly', '100');
    await savePrice(free, null, '0');
    expect(await groupRow(free)).toMatchObject({
      payment_frequency: null,
      price_ore: 0,
      charging_starts_on: null,
    });
  });

  it('refuses a price below zero, with more than two decimals, missing or too high, saving nothing', async () => {
    const refusals: [string | null, string | null, string][] = [
      ['monthly', '-10', 'price_negative'],
      ['monthly', '10.005', 'price_too_precise'],
      ['monthly', '0', 'price_required'],
      ['monthly', null, 'price_required'],
      ['annually', '1000000.01', 'price_too_high'],
      [null, '25', 'frequency_required'],
    ];
    for (const [frequency, price, code] of refusals) {
      expect(await failureOf(savePrice(ids.paid!, frequency, price))).toBe(code);
    }
    expect(await failureOf(savePrice(ids.paid!, 'monthly', '10', undefined, 'half'))).toBe(
      'invalid_mid_period_join',
    );
    expect(await groupRow(ids.paid!)).toMatchObject({ payment_frequency: 'monthly', price_ore: 24950 });
    // A direct write cannot go below zero either.
    expect(
      await failureOf(world.as('groupAdminA', 'update groups set price_ore = -1 where id = $1', [ids.paid])),
    ).toBe('23514');
  });

  it('refuses a one-time fee whose charging starts in the past, but keeps an old start as it was', async () => {
    expect(await failureOf(savePrice(ids.paid!, 'one_time', '500', '2020-01-01'))).toBe(
      'charging_start_in_past',
    );
    expect(await groupRow(ids.paid!)).toMatchObject({ payment_frequency: 'monthly' });
    const today = (
      await world.db.query<{ d: string }>(`select (now() at time zone 'Europe/Copenhagen')::date::text as d`)
    ).rows[0]!.d;
    const once = await newGroup('Svømmekursus');
    await savePrice(once, 'one_time', '500', today);
    // Monthly groups may start charging from an earlier day.
    await savePrice(ids.paid!, 'monthly', '249.50', '2020-01-01', 'pro_rata');
    expect((await groupRow(ids.paid!)).charging_starts_on).toBe('2020-01-01');
  });

  it('refuses an owner from another community and anyone but group admins', async () => {
    expect(
      await failureOf(
        world.as('groupAdminA', 'update groups set owner_member_id = $2 where id = $1', [
          ids.paid,
          world.memberOf.adminB,
        ]),
      ),
    ).toBe('23503');
    await world.as('groupAdminA', 'update groups set owner_member_id = $2 where id = $1', [
      ids.paid,
      ids.anna,
    ]);
    for (const actor of ['memberA', 'eventAdminA', 'adminB'] as const) {
      expect(await failureOf(world.as(actor, 'select save_group_price($1, null, 0)', [ids.paid]))).toBe(
        'group_not_found',
      );
    }
  });
});

describe('archive and delete', () => {
  it('takes no new members into an archived group and takes them again when unarchived', async () => {
    ids.team = await newGroup('U12 piger');
    await world.as('groupAdminA', 'select add_group_member($1, $2, $3)', [ids.team, ids.anna, 'coach']);
    await world.as('groupAdminA', 'update groups set archived = true where id = $1', [ids.team]);
    expect(
      await failureOf(world.as('groupAdminA', 'select add_group_member($1, $2)', [ids.team, ids.bent])),
    ).toBe('group_archived');
    expect(
      await failureOf(
        world.as(
          'groupAdminA',
          'insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)',
          [world.communityA, ids.team, ids.bent],
        ),
      ),
    ).toBe('group_archived');
    expect(await failureOf(world.as('memberA', 'select join_group($1)', [ids.team]))).toBe('group_archived');
    const archived = await world.as<{ archived_at: string | null }>(
      'groupAdminA',
      'select archived_at from groups where id = $1',
      [ids.team],
    );
    expect(archived[0]!.archived_at).not.toBeNull();
    await world.as('groupAdminA', 'update groups set archived = false where id = $1', [ids.team]);
    await world.as('groupAdminA', 'select add_group_member($1, $2)', [ids.team, ids.bent]);
    const roster = await world.as<{ full_name: string; role: string }>(
      'groupAdminA',
      'select full_name, role from group_member_roster where group_id = $1 order by full_name',
      [ids.team],
    );
    expect(roster).toEqual([
      { full_name: 'Anna Jensen', role: 'coach' },
      { full_name: 'Bent Jensen', role: 'member' },
    ]);
  });

  it('refuses adding twice, an unknown role, a member of another community', async () => {
    expect(
      await failureOf(world.as('groupAdminA', 'select add_group_member($1, $2)', [ids.team, ids.bent])),
    ).toBe('already_in_group');
    const carl = await addMember(world.db, world.communityA, 'Carl');
    expect(
      await failureOf(
        world.as('groupAdminA', 'select add_group_member($1, $2, $3)', [ids.team, carl, 'boss']),
      ),
    ).toBe('invalid_role');
    expect(
      await failureOf(
        world.as('groupAdminA', 'select add_group_member($1, $2)', [ids.team, world.memberOf.adminB]),
      ),
    ).toBe('member_not_found');
  });

  it('deletes only a group that never had a member; a removed member still counts', async () => {
    const empty = await newGroup('Aflyst hold');
    expect(
      await world.as('groupAdminA', 'delete from groups where id = $1 returning id', [empty]),
    ).toHaveLength(1);
    await world.as('groupAdminA', 'select remove_group_member($1, $2)', [ids.team, ids.anna]);
    await world.as('groupAdminA', 'select remove_group_member($1, $2)', [ids.team, ids.bent]);
    expect(
      await failureOf(world.as('groupAdminA', 'select remove_group_member($1, $2)', [ids.team, ids.bent])),
    ).toBe('not_in_group');
    const summary = await world.as<{ member_count: number; ever_had_members: boolean }>(
      'groupAdminA',
      'select member_count, ever_had_members from group_admin_summaries where id = $1',
      [ids.team],
    );
    expect(summary).toEqual([{ member_count: 0, ever_had_members: true }]);
    expect(await failureOf(world.as('groupAdminA', 'delete from groups where id = $1', [ids.team]))).toBe(
      'group_has_members',
    );
  });

  it('still deletes a whole community with its groups and their members', async () => {
    const c = await world.db.query<{ id: string }>(
      `insert into communities (slug, name) values ('gamma-gf', 'Gamma GF') returning id`,
    );
    const community = c.rows[0]!.id;
    const member = await addMember(world.db, community, 'Gunnar');
    const g = await world.db.query<{ id: string }>(
      `insert into groups (community_id, title) values ($1, 'Hold') returning id`,
      [community],
    );
    await world.db.query(
      `insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)`,
      [community, g.rows[0]!.id, member],
    );
    await world.db.query('delete from communities where id = $1', [community]);
    const left = await world.db.query('select 1 from groups where id = $1', [g.rows[0]!.id]);
    expect(left.rows).toHaveLength(0);
  });
});

describe('join approval and requests', () => {
  it('turns a join into a request for an invite-only group, which the group admin approves', async () => {
    ids.invite = await newGroup('Elitehold', 'invite_only');
    expect(await failureOf(world.as('memberA', 'select join_group($1)', [ids.invite]))).toBe(
      'invitation_required',
    );
    const [first] = await world.as<{ id: string }>(
      'memberA',
      'select request_group_membership($1, $2) as id',
      [ids.invite, 'Jeg har spillet i 3 år'],
    );
    const [again] = await world.as<{ id: string }>('memberA', 'select request_group_membership($1) as id', [
      ids.invite,
    ]);
    expect(again!.id).toBe(first!.id);
    const pending = await world.as<{ full_name: string; message: string }>(
      'groupAdminA',
      'select full_name, message from group_join_request_list where group_id = $1',
      [ids.invite],
    );
    expect(pending).toEqual([{ full_name: 'Mette Jensen', message: 'Jeg har spillet i 3 år' }]);
    expect(
      await failureOf(world.as('eventAdminA', 'select decide_group_join_request($1, true)', [first!.id])),
    ).toBe('request_not_found');
    await world.as('groupAdminA', 'select decide_group_join_request($1, true)', [first!.id]);
    const roster = await world.as<{ member_id: string }>(
      'groupAdminA',
      'select member_id from group_member_roster where group_id = $1',
      [ids.invite],
    );
    expect(roster.map((r) => r.member_id)).toEqual([world.memberOf.memberA]);
    expect(
      await failureOf(world.as('groupAdminA', 'select decide_group_join_request($1, false)', [first!.id])),
    ).toBe('request_decided');
  });

  it('asks for approval when the group needs it, and a declined member is not added', async () => {
    const approval = await newGroup('Bestyrelse');
    await world.as('groupAdminA', 'update groups set requires_approval = true where id = $1', [approval]);
    expect(await failureOf(world.as('managerA', 'select join_group($1)', [approval]))).toBe(
      'approval_required',
    );
    const [request] = await world.as<{ id: string }>(
      'managerA',
      'select request_group_membership($1) as id',
      [approval],
    );
    await world.as('groupAdminA', 'select decide_group_join_request($1, false)', [request!.id]);
    const own = await world.as<{ status: string }>('managerA', 'select status from group_join_requests');
    expect(own).toEqual([{ status: 'declined' }]);
    expect(
      await world.as('groupAdminA', 'select 1 from group_member_roster where group_id = $1', [approval]),
    ).toEqual([]);
    // An open group is joined directly.
    const open = await newGroup('Motionsløb', 'members');
    expect(await failureOf(world.as('managerA', 'select request_group_membership($1)', [open]))).toBe(
      'approval_not_needed',
    );
    expect(await failureOf(world.as('managerA', 'select join_group($1)', [open]))).toBe('succeeded');
  });
});

describe('welcome e-mail', () => {
  it('fills the name and group into the text of the community language, falling back to the other', async () => {
    await world.as(
      'groupAdminA',
      `update groups set welcome_subject_da = 'Velkommen på {group}', welcome_body_da = 'Hej {name}, velkommen på {group}.',
         welcome_subject_en = 'Welcome to {group}', welcome_body_en = 'Hi {name}, welcome to {group}.' where id = $1`,
      [ids.invite],
    );
    const message = () =>
      world.as<{ language: string; subject: string; body: string }>(
        'groupAdminA',
        'select language, subject, body from group_welcome_message($1, $2)',
        [ids.invite, world.memberOf.memberA],
      );
    expect(await message()).toEqual([
      {
        language: 'da',
        subject: 'Velkommen på Elitehold',
        body: 'Hej Mette Jensen, velkommen på Elitehold.',
      },
    ]);
    await world.db.query(`update communities set default_language = 'en' where id = $1`, [world.communityA]);
    expect((await message())[0]).toMatchObject({
      subject: 'Welcome to Elitehold',
      body: 'Hi Mette Jensen, welcome to Elitehold.',
    });
    await world.as('groupAdminA', `update groups set welcome_body_en = null where id = $1`, [ids.invite]);
    expect((await message())[0]!.body).toBe('Hej Mette Jensen, velkommen på Elitehold.');
    await world.db.query(`update communities set default_language = 'da' where id = $1`, [world.communityA]);
    expect(
      await failureOf(
        world.as('memberA', 'select * from group_welcome_message($1, $2)', [
          ids.invite,
          world.memberOf.memberA,
        ]),
      ),
    ).toBe('group_not_found');
    expect(
      await failureOf(
        world.as('groupAdminA', 'select * from group_welcome_message($1, $2)', [ids.invite, ids.bent]),
      ),
    ).toBe('not_in_group');
  });
});

describe('the group page roster (group_member_roster)', () => {
  it('shows group admins every current member with e-mail, a member only their own row, others nothing', async () => {
    const roster = await newGroup('Rostertest');
    const dina = await addMember(world.db, world.communityA, 'Dina');
    await world.as('groupAdminA', 'select add_group_member($1, $2)', [roster, dina]);
    await world.as('groupAdminA', 'select add_group_member($1, $2)', [roster, world.memberOf.memberA]);
    const emails = await world.db.query<{ id: string; email: string }>(
      'select id, email from members where id = any($1::uuid[])',
      [[dina, world.memberOf.memberA]],
    );
    const emailOf = (id: string) => emails.rows.find((r) => r.id === id)!.email;
    const read =
      'select member_id, full_name, email, last_charged_period from group_member_roster where group_id = $1 order by full_name';

    expect(await world.as('groupAdminA', read, [roster])).toEqual([
      { member_id: dina, full_name: 'Dina Jensen', email: emailOf(dina), last_charged_period: null },
      {
        member_id: world.memberOf.memberA,
        full_name: 'Mette Jensen',
        email: emailOf(world.memberOf.memberA!),
        last_charged_period: null,
      },
    ]);
    // The member sees their own row, not the other member's.
    expect(
      (await world.as<{ member_id: string }>('memberA', read, [roster])).map((r) => r.member_id),
    ).toEqual([world.memberOf.memberA]);
    // An admin of another area, and an admin of another community, see no one.
    expect(await world.as('eventAdminA', read, [roster])).toEqual([]);
    expect(await world.as('adminB', read, [roster])).toEqual([]);
    expect(await failureOf(world.as('anon', read, [roster]))).toBe('42501');

    // A member who left the group drops off the roster.
    await world.as('groupAdminA', 'select remove_group_member($1, $2)', [roster, dina]);
    expect(
      (await world.as<{ member_id: string }>('groupAdminA', read, [roster])).map((r) => r.member_id),
    ).toEqual([world.memberOf.memberA]);
  });
});
