// Community settings (validated, private to the community), clubs with counts and moving
// members and groups, data retention with its preview, and the audit log: what it records,
// who reads it, and that an erased member's name leaves it. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('settings', () => {
  it('validates the time zone against pg_timezone_names and changes nothing on a bad one', async () => {
    const bad = world.as('ownerA', `update communities set time_zone = 'Europe/Kobenhavn' where id = $1`, [
      world.communityA,
    ]);
    expect(await failureOf(bad)).toBe('invalid_time_zone');
    await world.as('ownerA', `update communities set time_zone = 'America/Godthab' where id = $1`, [
      world.communityA,
    ]);
    const zone = await world.db.query('select time_zone from communities where id = $1', [world.communityA]);
    expect(zone.rows).toEqual([{ time_zone: 'America/Godthab' }]);
    await world.db.query(`update communities set time_zone = 'Europe/Copenhagen' where id = $1`, [
      world.communityA,
    ]);
  });

  it('keeps contact details and welcome texts private to the community, written by owners', async () => {
    await world.as(
      'ownerA',
      `update community_settings set contact_email = 'kontor@alpha-if.dk', contact_phone = '+45 12 34 56 78',
         welcome_text = 'Velkommen i Alpha IF!' where community_id = $1`,
      [world.communityA],
    );
    expect(
      await world.as(
        'memberA',
        'select contact_phone, welcome_text from community_settings where community_id = $1',
        [world.communityA],
      ),
    ).toEqual([{ contact_phone: '+45 12 34 56 78', welcome_text: 'Velkommen i Alpha IF!' }]);
    expect(await world.as('anon', 'select 1 from community_settings')).toEqual([]);
    expect(
      await world.as('adminB', 'select 1 from community_settings where community_id = $1', [
        world.communityA,
      ]),
    ).toEqual([]);
    const updated = await world.as(
      'eventAdminA',
      `update community_settings set welcome_text = 'Hej' returning 1`,
    );
    expect(updated).toEqual([]);
    const badPhone = world.as(
      'ownerA',
      `update community_settings set contact_phone = 'ring mig' where community_id = $1`,
      [world.communityA],
    );
    expect(await failureOf(badPhone)).toBe('23514');
    const badRetention = world.as(
      'ownerA',
      `update community_settings set retention_months = 3 where community_id = $1`,
      [world.communityA],
    );
    expect(await failureOf(badRetention)).toBe('23514');
  });
});

describe('clubs', () => {
  it('counts members and groups, and moves them between clubs of the community', async () => {
    const [football] = await world.as<{ id: string }>(
      'ownerA',
      `insert into clubs (community_id, name, contact_email) values ($1, 'Fodbold', 'fodbold@alpha-if.dk') returning id`,
      [world.communityA],
    );
    const [handball] = await world.as<{ id: string }>(
      'ownerA',
      `insert into clubs (community_id, name) values ($1, 'Håndbold') returning id`,
      [world.communityA],
    );
    const [foreign] = await world.as<{ id: string }>(
      'adminB',
      `insert into clubs (community_id, name) values ($1, 'Beta Fodbold') returning id`,
      [world.communityB],
    );
    const players = [
      await addMember(world.db, world.communityA, 'Frida'),
      await addMember(world.db, world.communityA, 'Finn'),
    ];
    const group = await world.db.query<{ id: string }>(
      `insert into groups (community_id, title) values ($1, 'U10 drenge') returning id`,
      [world.communityA],
    );
    const moved = await world.as<{ r: unknown }>('memberAdminA', 'select move_to_club($1, $2) as r', [
      football!.id,
      players,
    ]);
    expect(moved).toEqual([{ r: { members_moved: 2, groups_moved: 0 } }]);
    await world.as('groupAdminA', `select move_to_club($1, '{}', $2)`, [football!.id, [group.rows[0]!.id]]);
    const counts = await world.as(
      'memberA',
      'select name, member_count, group_count from clubs_with_counts order by name',
    );
    expect(counts).toEqual([
      { name: 'Fodbold', member_count: 2, group_count: 1 },
      { name: 'Håndbold', member_count: 0, group_count: 0 },
    ]);
    await world.as('memberAdminA', 'select move_to_club($1, $2)', [handball!.id, players.slice(0, 1)]);
    const after = await world.as('memberA', 'select name, member_count from clubs_with_counts order by name');
    expect(after).toEqual([
      { name: 'Fodbold', member_count: 1 },
      { name: 'Håndbold', member_count: 1 },
    ]);
    expect(
      await failureOf(world.as('memberAdminA', 'select move_to_club($1, $2)', [foreign!.id, players])),
    ).toBe('club_not_in_community');
    // Out of any club again: a null club.
    await world.as('memberAdminA', 'select move_to_club(null, $1)', [players.slice(1)]);
    const out = await world.as(
      'memberA',
      `select member_count from clubs_with_counts where name = 'Fodbold'`,
    );
    expect(out).toEqual([{ member_count: 0 }]);
  });

  it('refuses a club name that differs only in case, spacing or Danish capitals, and lets only owners write', async () => {
    await world.as('ownerA', `insert into clubs (community_id, name) values ($1, 'Ældre Motion')`, [
      world.communityA,
    ]);
    for (const name of ['ældre motion', '  ÆLDRE   MOTION ']) {
      expect(
        await failureOf(
          world.as('ownerA', 'insert into clubs (community_id, name) values ($1, $2)', [
            world.communityA,
            name,
          ]),
        ),
      ).toBe('club_name_taken');
    }
    const [svoem] = await world.as<{ id: string; name: string }>(
      'ownerA',
      `insert into clubs (community_id, name) values ($1, ' Svømning  Børn ') returning id, name`,
      [world.communityA],
    );
    expect(svoem!.name).toBe('Svømning Børn');
    expect(
      await failureOf(
        world.as('ownerA', `update clubs set name = 'ÆLDRE MOTION' where id = $1`, [svoem!.id]),
      ),
    ).toBe('club_name_taken');
    // The same name in another community is fine.
    await world.as('adminB', `insert into clubs (community_id, name) values ($1, 'Ældre motion')`, [
      world.communityB,
    ]);
    // A member administrator reads clubs but neither creates nor renames one.
    expect(
      await failureOf(
        world.as('memberAdminA', `insert into clubs (community_id, name) values ($1, 'Skak')`, [
          world.communityA,
        ]),
      ),
    ).toBe('42501');
    const renamed = await world.as(
      'memberAdminA',
      `update clubs set name = 'Skak' where id = $1 returning id`,
      [svoem!.id],
    );
    expect(renamed).toEqual([]);
  });
  it('deletes a club for owners only, leaving its members, groups and activities in the community', async () => {
    const [rowing] = await world.as<{ id: string }>(
      'ownerA',
      `insert into clubs (community_id, name) values ($1, 'Roning') returning id`,
      [world.communityA],
    );
    const [foreign] = await world.as<{ id: string }>(
      'adminB',
      `insert into clubs (community_id, name) values ($1, 'Beta Roning') returning id`,
      [world.communityB],
    );
    const rower = await addMember(world.db, world.communityA, 'Rasmus');
    await world.db.query('update members set club_id = $1 where id = $2', [rowing!.id, rower]);
    const crew = await world.db.query<{ id: string }>(
      `insert into groups (community_id, title, club_id) values ($1, 'Otter', $2) returning id`,
      [world.communityA, rowing!.id],
    );
    const regatta = await world.db.query<{ id: string }>(
      `insert into events (community_id, title, starts_at, ends_at, club_id)
       values ($1, 'Kaproning', now() + interval '30 days', now() + interval '30 days 2 hours', $2) returning id`,
      [world.communityA, rowing!.id],
    );
    const post = await world.db.query<{ id: string }>(
      `insert into news_posts (community_id, title, club_id) values ($1, 'Ny båd', $2) returning id`,
      [world.communityA, rowing!.id],
    );

    // Refusals: an administrator who is not an owner, an owner of another community, no club.
    expect(await failureOf(world.as('memberAdminA', 'select delete_club($1)', [rowing!.id]))).toBe(
      'not_allowed',
    );
    expect(await failureOf(world.as('adminB', 'select delete_club($1)', [rowing!.id]))).toBe(
      'club_not_found',
    );
    expect(await failureOf(world.as('ownerA', 'select delete_club($1)', [foreign!.id]))).toBe(
      'club_not_found',
    );
    expect(
      await failureOf(world.as('ownerA', 'select delete_club($1)', ['00000000-0000-4000-8000-000000000000'])),
    ).toBe('club_not_found');
    expect(await failureOf(world.as('anon', 'select delete_club($1)', [rowing!.id]))).toBe('42501');

    const [result] = await world.as<{ r: unknown }>('ownerA', 'select delete_club($1) as r', [rowing!.id]);
    expect(result!.r).toEqual({ members: 1, groups: 1, events: 1, news_posts: 1, booking_products: 0 });
    const left = await world.db.query(
      `select (select club_id from members where id = $1) as member,
              (select club_id from groups where id = $2) as grp,
              (select club_id from events where id = $3) as event,
              (select club_id from news_posts where id = $4) as post,
              (select count(*)::int from clubs where id = $5) as clubs,
              (select count(*)::int from clubs where id = $6) as foreign_clubs`,
      [rower, crew.rows[0]!.id, regatta.rows[0]!.id, post.rows[0]!.id, rowing!.id, foreign!.id],
    );
    expect(left.rows).toEqual([
      { member: null, grp: null, event: null, post: null, clubs: 0, foreign_clubs: 1 },
    ]);
    // The deletion is in the audit log; a second call finds no club.
    const audit = await world.db.query(
      `select count(*)::int as n from audit_log where community_id = $1 and subject_id = $2`,
      [world.communityA, rowing!.id],
    );
    expect(audit.rows[0]).toEqual({ n: 1 });
    expect(await failureOf(world.as('ownerA', 'select delete_club($1)', [rowing!.id]))).toBe(
      'club_not_found',
    );
  });
});

describe('data retention', () => {
  it('previews and then erases members who left longer ago than the retention period', async () => {
    const old = await addMember(world.db, world.communityA, 'Gamle');
    const recent = await addMember(world.db, world.communityA, 'Nylig');
    await world.db.query(
      `update members set status = 'left', joined_on = current_date - interval '10 years',
         left_on = current_date - interval '6 years' where id = $1`,
      [old],
    );
    await world.db.query(
      `update members set status = 'left', joined_on = current_date - interval '10 years',
         left_on = current_date - interval '2 years' where id = $1`,
      [recent],
    );
    const preview = await world.as<{ member_id: string }>(
      'ownerA',
      'select member_id from retention_preview($1)',
      [world.communityA],
    );
    expect(preview.map((r) => r.member_id)).toEqual([old]);
    const shorter = await world.as<{ member_id: string }>(
      'ownerA',
      'select member_id from retention_preview($1, 12) order by left_on',
      [world.communityA],
    );
    expect(shorter.map((r) => r.member_id)).toEqual([old, recent]);
    expect(
      await failureOf(world.as('eventAdminA', 'select * from retention_preview($1)', [world.communityA])),
    ).toBe('not_allowed');
    expect(await failureOf(world.as('ownerA', 'select apply_data_retention()'))).toBe('42501');
    const applied = await world.db.query<{ n: number }>('select apply_data_retention() as n');
    expect(applied.rows[0]!.n).toBeGreaterThanOrEqual(1);
    const rows = await world.db.query<{ id: string; first_name: string; erased: boolean }>(
      'select id, first_name, erased_at is not null as erased from members where id = any($1::uuid[]) order by erased desc',
      [[old, recent]],
    );
    expect(rows.rows).toEqual([
      { id: old, first_name: 'Slettet', erased: true },
      { id: recent, first_name: 'Nylig', erased: false },
    ]);
  });
});

describe('audit log', () => {
  it('records CPR reveals, permission changes, status changes and deletions, for owners and managers', async () => {
    const member = await addMember(world.db, world.communityA, 'Karla');
    await world.as('managerA', `select set_member_cpr($1, '150387-1234')`, [member]);
    await world.as('managerA', `select reveal_member_cpr($1, 'Tilskudsansøgning')`, [member]);
    await world.as('memberAdminA', `update members set status = 'passive' where id = $1`, [member]);
    const [gone] = await world.as<{ id: string }>(
      'eventAdminA',
      `insert into tags (community_id, name) values ($1, 'Midlertidig') returning id`,
      [world.communityA],
    );
    await world.as('eventAdminA', 'delete from tags where id = $1', [gone!.id]);
    const entries = await world.as<{
      kind: string;
      action: string;
      subject: string;
      actor_email: string;
      details: unknown;
    }>(
      'ownerA',
      `select kind, action, subject, actor_email, details from audit_log
        where community_id = $1 and (subject_id = $2 or subject_id = $3) order by id`,
      [world.communityA, member, gone!.id],
    );
    const karla = entries.filter((e) => e.subject.startsWith('Karla Jensen'));
    expect(karla.map((e) => e.action)).toEqual(['cpr_set', 'cpr_reveal', 'member_status_changed']);
    expect(karla[1]).toMatchObject({
      kind: 'cpr',
      actor_email: 'manager.a@example.dk',
      details: { reason: 'Tilskudsansøgning' },
    });
    expect(karla[2]!.details).toEqual({ status: ['active', 'passive'] });
    expect(entries.at(-1)).toMatchObject({
      kind: 'deletion',
      action: 'tags_deleted',
      subject: 'Midlertidig',
    });
    // Searchable by whole words (as the screen asks: folded, quoted, all required) and
    // filterable by kind, through the data API's rules.
    const search = (query: string, kind = 'cpr') =>
      world.as(
        'managerA',
        `select action from audit_log where community_id = $1 and kind = $2
           and search_words @@ to_tsquery('simple', $3) order by id`,
        [world.communityA, kind, query],
      );
    expect(await search(`'karla'`)).toEqual([{ action: 'cpr_set' }, { action: 'cpr_reveal' }]);
    expect(await search(`'karla' & 'reveal'`)).toEqual([{ action: 'cpr_reveal' }]);
    // The actor's address whole and its local part; a word nobody wrote finds nothing.
    expect(await search(`'manager.a@example.dk' & 'karla'`)).toHaveLength(2);
    expect(await search(`'manager' & 'karla'`)).toHaveLength(2);
    expect(await search(`'karla' & 'ørsted'`)).toEqual([]);
    // Capital Danish letters are folded in the log as the screen folds its query.
    const [danish] = await world.as<{ id: string }>(
      'eventAdminA',
      `insert into tags (community_id, name) values ($1, 'ÆRØ Åbent') returning id`,
      [world.communityA],
    );
    await world.as('eventAdminA', 'delete from tags where id = $1', [danish!.id]);
    expect(await search(`'ærø' & 'åbent'`, 'deletion')).toEqual([{ action: 'tags_deleted' }]);
    expect(
      await world.as('eventAdminA', 'select 1 from audit_log where community_id = $1', [world.communityA]),
    ).toEqual([]);
    expect(
      await world.as('adminB', 'select 1 from audit_log where community_id = $1', [world.communityA]),
    ).toEqual([]);
    expect(await failureOf(world.as('ownerA', 'delete from audit_log'))).toBe('42501');
  });

  it('records permission changes with what changed', async () => {
    const before = await world.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    await world.as('ownerA', 'select set_administrator_access($1, $2, $3)', [
      world.communityA,
      world.users.newsAdminA,
      '{news,event}',
    ]);
    const entries = await world.db.query<{ action: string; subject: string; details: unknown }>(
      `select action, subject, details from audit_log where kind = 'permission' order by id desc limit 1`,
    );
    expect(entries.rows[0]).toEqual({
      action: 'access_changed',
      subject: 'news.admin.a@example.dk',
      details: { areas: [['news'], ['event', 'news']] },
    });
    const after = await world.db.query<{ n: number }>('select count(*)::int as n from audit_log');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 1);
  });

  it('keeps what happened to an erased member but not their name', async () => {
    const member = await addMember(world.db, world.communityA, 'Sletmig');
    await world.as('managerA', `select set_member_cpr($1, '010203-4567')`, [member]);
    await world.as(
      'memberAdminA',
      `update members set status = 'left', left_on = current_date where id = $1`,
      [member],
    );
    await world.as('ownerA', 'select erase_member($1)', [member]);
    const subjects = await world.db.query<{ subject: string; action: string }>(
      'select subject, action from audit_log where subject_id = $1 order by id',
      [member],
    );
    expect(subjects.rows.map((r) => r.action)).toEqual(['cpr_set', 'member_status_changed', 'member_erased']);
    expect(subjects.rows.every((r) => /^#\d+$/.test(r.subject))).toBe(true);
  });
});
