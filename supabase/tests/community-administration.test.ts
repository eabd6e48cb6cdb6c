// Community administration rules: the last owner, administrators' access and the token
// claim, tag names and merging under concurrent edits, clubs, settings, retention and the
// audit log. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, createWorld, failureOf, type World } from './support/domain-world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

/** A gate that a transaction waits on, so a test decides when it commits. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

async function tag(name: string, community = world.communityA): Promise<string> {
  const rows = await world.db.query<{ id: string }>(
    'insert into tags (community_id, name) values ($1, $2) returning id',
    [community, name],
  );
  return rows.rows[0]!.id;
}

describe('owners and administrators', () => {
  it('refuses to remove or demote the last owner, and allows it once another owner exists', async () => {
    const { ownerA, eventAdminA } = world.users;
    const demote = world.as('ownerA', 'select set_administrator_access($1, $2, $3) as m', [
      world.communityA,
      ownerA,
      '{event}',
    ]);
    expect(await failureOf(demote)).toBe('last_owner');
    expect(await failureOf(world.as('ownerA', 'delete from memberships where user_id = $1', [ownerA]))).toBe(
      'last_owner',
    );
    await world.as('ownerA', 'select set_administrator_access($1, $2, $3, false, true)', [
      world.communityA,
      eventAdminA,
      '{event}',
    ]);
    // Two owners demoting each other at once: one of them stays owner.
    const both = await Promise.all([
      failureOf(
        world.as('ownerA', 'select set_administrator_access($1, $2, $3)', [world.communityA, ownerA, '{}']),
      ),
      failureOf(
        world.as('eventAdminA', 'select set_administrator_access($1, $2, $3)', [
          world.communityA,
          eventAdminA,
          '{}',
        ]),
      ),
    ]);
    expect(both.sort()).toEqual(['last_owner', 'succeeded']);
    const owners = await world.db.query('select 1 from memberships where community_id = $1 and role = $2', [
      world.communityA,
      'owner',
    ]);
    expect(owners.rows).toHaveLength(1);
    // Put the world back: ownerA owner, eventAdminA an event admin.
    await world.db.query(
      `update memberships set role = 'owner', areas = '{}' where community_id = $1 and user_id = $2`,
      [world.communityA, ownerA],
    );
    await world.db.query(
      `update memberships set role = 'admin', areas = '{event}' where community_id = $1 and user_id = $2`,
      [world.communityA, eventAdminA],
    );
  });

  it('lets only owners and membership managers grant, and only owners make managers', async () => {
    const newcomer = await createUser(world.db, 'kasserer@example.dk');
    const grant = (actor: Parameters<World['as']>[0], areas: string, manager = false) =>
      failureOf(
        world.as(actor, 'select set_administrator_access($1, $2, $3, $4)', [
          world.communityA,
          newcomer,
          areas,
          manager,
        ]),
      );
    expect(await grant('eventAdminA', '{event}')).toBe('not_allowed');
    expect(await grant('managerA', '{billing}', true)).toBe('not_allowed');
    expect(await grant('managerA', '{billing}')).toBe('succeeded');
    expect(await grant('ownerA', '{billing,news}', true)).toBe('succeeded');
    const listed = await world.as<{ email: string; areas: string; membership_manager: boolean }>(
      'managerA',
      'select email, areas::text, membership_manager from list_administrators($1) where email = $2',
      [world.communityA, 'kasserer@example.dk'],
    );
    expect(listed).toEqual([
      { email: 'kasserer@example.dk', areas: '{billing,news}', membership_manager: true },
    ]);
    expect(
      await failureOf(world.as('eventAdminA', 'select * from list_administrators($1)', [world.communityA])),
    ).toBe('not_allowed');
  });

  it('changes what the next token grants, and row-level security at once', async () => {
    const user = await createUser(world.db, 'nyheder@example.dk');
    await addMember(world.db, world.communityA, 'Nanna', user);
    const claim = async () =>
      (
        await world.db.query<{ m: { areas: string[]; role: string } }>(
          `select custom_access_token_hook(jsonb_build_object('user_id', $1::text, 'claims', '{}'::jsonb))
             -> 'claims' -> 'memberships' -> 'alpha-if' as m`,
          [user],
        )
      ).rows[0]!.m;
    expect(await claim()).toMatchObject({ role: 'member', areas: [] });
    const insertNews = () =>
      failureOf(
        world.asUser(user, `insert into news_posts (community_id, title) values ($1, 'Generalforsamling')`, [
          world.communityA,
        ]),
      );
    expect(await insertNews()).toBe('42501');
    await world.as('ownerA', 'select set_administrator_access($1, $2, $3)', [
      world.communityA,
      user,
      '{news}',
    ]);
    expect(await claim()).toMatchObject({ role: 'admin', areas: ['news'] });
    expect(await insertNews()).toBe('succeeded');
    await world.as('ownerA', 'select set_administrator_access($1, $2, $3)', [world.communityA, user, '{}']);
    expect(await claim()).toMatchObject({ role: 'member', areas: [] });
    expect(await insertNews()).toBe('42501');
  });
});

describe('tags', () => {
  it('refuses duplicate names regardless of case, Danish letters included, and changes nothing', async () => {
    await tag('Årgang 2015');
    await tag('Ølhold');
    for (const name of ['årgang 2015', 'ÅRGANG  2015 ', 'ØLHOLD']) {
      expect(
        await failureOf(
          world.as('eventAdminA', 'insert into tags (community_id, name) values ($1, $2)', [
            world.communityA,
            name,
          ]),
        ),
      ).toBe('tag_name_taken');
    }
    const renamed = await tag('Ældre');
    expect(
      await failureOf(world.as('eventAdminA', `update tags set name = 'ølhold' where id = $1`, [renamed])),
    ).toBe('tag_name_taken');
    const names = await world.db.query<{ name: string }>('select name from tags where id = $1', [renamed]);
    expect(names.rows).toEqual([{ name: 'Ældre' }]);
    // Another community may use the same name.
    await tag('Ølhold', world.communityB);
  });

  it('are created, renamed, merged and deleted by the areas they classify and owners, not by a news administrator', async () => {
    // Decision 1053: tags classify members, groups and events.
    for (const actor of ['memberAdminA', 'groupAdminA', 'eventAdminA', 'ownerA'] as const) {
      const [made] = await world.as<{ id: string }>(
        actor,
        'insert into tags (community_id, name) values ($1, $2) returning id',
        [world.communityA, `Mærke ${actor}`],
      );
      await world.as(actor, `update tags set name = name || ' 2' where id = $1`, [made!.id]);
      expect(await world.as(actor, 'delete from tags where id = $1 returning id', [made!.id])).toEqual([
        { id: made!.id },
      ]);
    }
    const kept = await tag('Holdkaptajner');
    const other = await tag('Kaptajner');
    expect(
      await failureOf(
        world.as('newsAdminA', 'insert into tags (community_id, name) values ($1, $2)', [
          world.communityA,
          'Nyhedsmærke',
        ]),
      ),
    ).toBe('42501');
    expect(
      await world.as('newsAdminA', `update tags set name = 'x' where id = $1 returning id`, [kept]),
    ).toEqual([]);
    expect(await world.as('newsAdminA', 'delete from tags where id = $1 returning id', [kept])).toEqual([]);
    expect(await failureOf(world.as('newsAdminA', 'select merge_tags($1, $2)', [kept, other]))).toBe(
      'tag_not_found',
    );
    const names = await world.db.query<{ name: string }>(
      'select name from tags where id = any($1::uuid[]) order by name',
      [[kept, other]],
    );
    expect(names.rows).toEqual([{ name: 'Holdkaptajner' }, { name: 'Kaptajner' }]);
    // A news administrator still reads them (a post's audience, the overview).
    expect(await world.as('newsAdminA', 'select name from tags where id = $1', [kept])).toEqual([
      { name: 'Holdkaptajner' },
    ]);
  });

  it('lists tags with usage counts, only to admins of the community', async () => {
    const t = await tag('Trænere');
    const members = [
      await addMember(world.db, world.communityA, 'Tue'),
      await addMember(world.db, world.communityA, 'Tove'),
    ];
    const changed = await world.as<{ n: number }>('memberAdminA', 'select set_member_tag($1, $2) as n', [
      t,
      members,
    ]);
    expect(changed).toEqual([{ n: 2 }]);
    const seen = await world.as(
      'newsAdminA',
      'select name, member_count, group_count, event_count from tags_with_usage where id = $1',
      [t],
    );
    expect(seen).toEqual([{ name: 'Trænere', member_count: 2, group_count: 0, event_count: 0 }]);
    expect(await world.as('adminB', 'select 1 from tags_with_usage where id = $1', [t])).toEqual([]);
    expect(await world.as('memberA', 'select 1 from tags_with_usage where id = $1', [t])).toEqual([]);
    const removed = await world.as<{ n: number }>(
      'memberAdminA',
      'select set_member_tag($1, $2, false) as n',
      [t, members.slice(0, 1)],
    );
    expect(removed).toEqual([{ n: 1 }]);
  });

  it('merges one tag into another, refusing to merge a tag into itself', async () => {
    const source = await tag('U12 piger');
    const target = await tag('U12');
    const both = await addMember(world.db, world.communityA, 'Bente');
    const only = await addMember(world.db, world.communityA, 'Olga');
    await world.as('memberAdminA', 'select set_member_tag($1, $2)', [source, [both, only]]);
    await world.as('memberAdminA', 'select set_member_tag($1, $2)', [target, [both]]);
    expect(await failureOf(world.as('eventAdminA', 'select merge_tags($1, $1)', [source]))).toBe(
      'merge_into_itself',
    );
    expect(await failureOf(world.as('adminB', 'select merge_tags($1, $2)', [source, target]))).toBe(
      'tag_not_found',
    );
    const [result] = await world.as<{ r: unknown }>('eventAdminA', 'select merge_tags($1, $2) as r', [
      source,
      target,
    ]);
    expect(result!.r).toEqual({ members_added: 1, groups_added: 0, events_added: 0 });
    const carried = await world.db.query<{ member_id: string }>(
      'select member_id from member_tags where tag_id = $1 order by member_id',
      [target],
    );
    expect(carried.rows.map((r) => r.member_id)).toEqual([both, only].sort());
    expect((await world.db.query('select 1 from tags where id = $1', [source])).rows).toEqual([]);
  });

  it('keeps every link when tags are edited during a merge', async () => {
    const source = await tag('Svømning morgen');
    const target = await tag('Svømning');
    const early = await addMember(world.db, world.communityA, 'Erik');
    const late = await addMember(world.db, world.communityA, 'Lise');
    // An edit that started before the merge commits first; the merge waits and takes it along.
    const hold = gate();
    const edited = gate();
    const edit = world.inRequest('memberAdminA', async (tx) => {
      await tx.query('select set_member_tag($1, $2)', [source, [early]]);
      edited.open();
      await hold.wait;
    });
    await edited.wait;
    const merge = world.as('eventAdminA', 'select merge_tags($1, $2)', [source, target]);
    hold.open();
    await edit;
    await merge;
    // An edit that arrives while the merge holds the tag waits, then finds the tag gone.
    const source2 = await tag('Svømning aften');
    const hold2 = gate();
    const merged = gate();
    const merge2 = world.inRequest('eventAdminA', async (tx) => {
      await tx.query('select merge_tags($1, $2)', [source2, target]);
      merged.open();
      await hold2.wait;
    });
    await merged.wait;
    const lateEdit = failureOf(world.as('memberAdminA', 'select set_member_tag($1, $2)', [source2, [late]]));
    hold2.open();
    await merge2;
    expect(['succeeded', '23503']).toContain(await lateEdit);
    const carried = await world.db.query<{ member_id: string }>(
      'select member_id from member_tags where tag_id = $1',
      [target],
    );
    expect(carried.rows.map((r) => r.member_id)).toContain(early);
    const left = await world.db.query('select 1 from member_tags where tag_id = any($1::uuid[])', [
      [source, source2],
    ]);
    expect(left.rows).toEqual([]);
  });
});
