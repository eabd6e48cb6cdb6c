// lookup_members: finds a member by name part, e-mail, member number, phone or membership id,
// applies the members read rule itself (it is security definer so its indexes can be used),
// never returns more than the masked CPR, and takes the search text literally.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
const found: Record<string, { id: string; mid: string }> = {};

const lookup = (
  actor: 'memberAdminA' | 'memberA' | 'adminB' | 'eventAdminA' | 'anon',
  text: string,
  limit = 20,
) =>
  world
    .as<{ id: string }>(actor, 'select id from lookup_members($1, $2, $3)', [world.communityA, text, limit])
    .then((rows) => rows.map((r) => r.id));

beforeAll(async () => {
  world = await createWorld();
  const rows = await world.db.query<{ id: string; mid: string; first_name: string }>(
    `insert into members (community_id, first_name, last_name, email, phone, membership_id)
     values ($1, 'Karen', 'Østergaard', 'karen@example.dk', '+45 20 30 40 50', 'DGI-778'),
            ($1, 'Karl', 'Andersen', 'karl@example.dk', null, null),
            ($1, 'Procent', '100%', null, null, null),
            ($1, 'Under_streg', 'Hansen', null, null, null)
     returning id, mid::text, first_name`,
    [world.communityA],
  );
  for (const r of rows.rows) found[r.first_name] = { id: r.id, mid: r.mid };
  // Community B has a Karen too; nobody in A may find her.
  await world.db.query(
    `insert into members (community_id, first_name, last_name) values ($1, 'Karen', 'Bech')`,
    [world.communityB],
  );
});
afterAll(async () => {
  await world?.close();
});

describe('lookup_members', () => {
  it('finds by part of the name, e-mail, member number, phone and membership id', async () => {
    const karen = found.Karen!.id;
    expect(await lookup('memberAdminA', 'ster')).toEqual([karen]);
    expect(await lookup('memberAdminA', 'KAR')).toEqual([found.Karl!.id, karen]);
    expect(await lookup('memberAdminA', ' Karen@Example.dk ')).toEqual([karen]);
    expect(await lookup('memberAdminA', found.Karen!.mid)).toEqual([karen]);
    expect(await lookup('memberAdminA', '+45 2030 4050')).toEqual([karen]);
    expect(await lookup('memberAdminA', 'DGI-778')).toEqual([karen]);
  });

  it('takes % and _ literally and finds nothing for empty text', async () => {
    expect(await lookup('memberAdminA', '%')).toEqual([found.Procent!.id]);
    expect(await lookup('memberAdminA', '_')).toEqual([found.Under_streg!.id]);
    expect(await lookup('memberAdminA', '   ')).toEqual([]);
  });

  it('caps the number of rows', async () => {
    expect(await lookup('memberAdminA', 'a', 1)).toHaveLength(1);
    expect(await lookup('memberAdminA', 'a', 0)).toHaveLength(1);
  });

  it('gives member admins the lookup, a plain member only their own row, others nothing', async () => {
    // Admins of other areas search the member directory instead (decision 0820).
    expect(await lookup('eventAdminA', 'Karen')).toEqual([]);
    expect(await lookup('memberA', 'Karen')).toEqual([]);
    expect(await lookup('memberA', 'Mette')).toEqual([world.memberOf.memberA]);
    expect(await lookup('adminB', 'Karen')).toEqual([]);
    expect(await failureOf(lookup('anon', 'Karen'))).toBe('42501');
  });

  it('answers the first matches in list order when a name part is common, and a member their own row among them', async () => {
    // 25 more Mettes, all listed before Mette Jensen (memberA's own row).
    await world.db.query(
      `insert into members (community_id, first_name, last_name)
       select $1, 'Mette', 'Bech ' || lpad(g::text, 2, '0') from generate_series(1, 25) g`,
      [world.communityA],
    );
    const inListOrder = await world.db.query<{ id: string }>(
      `select id from members where community_id = $1 and full_name ilike '%mette%'
       order by last_name, first_name, id limit 20`,
      [world.communityA],
    );
    expect(await lookup('memberAdminA', 'mette')).toEqual(inListOrder.rows.map((r) => r.id));
    expect(await lookup('memberA', 'mette')).toEqual([world.memberOf.memberA]);
  });

  it('returns the masked CPR column and no other CPR data', async () => {
    await world.as('managerA', `select set_member_cpr($1, '0101801234', 'consent')`, [found.Karen!.id]);
    const rows = await world.as<Record<string, unknown>>(
      'memberAdminA',
      'select * from lookup_members($1, $2)',
      [world.communityA, 'Karen'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cpr_masked).toBe('010180-xxxx');
    const cprColumns = Object.keys(rows[0]!).filter((k) => k.includes('cpr'));
    expect(cprColumns).toEqual(['cpr_masked']);
    // The full number in either spelling, or its last four as a value of their own, would be a
    // leak; '1234' inside a timestamp's microseconds or an id is not (it once was, by chance).
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain('0101801234');
    expect(text).not.toContain('010180-1234');
    expect(Object.values(rows[0]!).map(String)).not.toContain('1234');
  });
});
