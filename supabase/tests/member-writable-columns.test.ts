// What a plain member (signed in, no admin area) can write, read from the catalogue rather
// than from a list someone must remember to extend (issue 23, decision 0821). Every relation
// in the API schemas that the `authenticated` role may UPDATE or INSERT is tried as the
// member, column by column, against rows of the member's own community (one of every kind,
// several of them the member's own). A change that gets past the guards (succeeds, or fails
// only on a constraint after them) must be in the allow-list below; a column added later
// fails this test until someone decides whether members may change it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../apps/server/src/database/database';
import { createWorld, type World } from './support/domain-world';
import { createMatrixRows } from './support/matrix-fixture';

/** Per relation, the columns a member may change on rows they can reach, with a valid new value. */
const memberMayUpdate: Record<string, Record<string, string>> = {
  'public.members': {
    first_name: `'Maja'`,
    last_name: `'Holm'`,
    email: `'maja.holm@example.dk'`,
    phone: `'+45 20 30 40 50'`,
    gender: `'female'`,
    birth_date: `'1991-02-03'`,
    street: `'Havnegade'`,
    house_number: `'12'`,
    floor: `'2'`,
    door: `'tv'`,
    postal_code: `'5000'`,
    city: `'Odense C'`,
    country: `'SE'`,
  },
};
/** Columns the server sets on every change of a row, whatever the caller sends. */
const serverKept: Record<string, string[]> = { 'public.members': ['updated_at'] };
const keptProbe = (c: Column) => `'2001-02-03T04:05:06Z'::${c.type}`;
/** Whether a row the member can see holds the probe after the member tried to set it. */
async function storedProbe(c: Column): Promise<boolean> {
  try {
    await world.inRequest('memberA', async (tx: Queryable) => {
      await tx.query(`update ${c.relation} set "${c.column}" = ${keptProbe(c)}`);
      const held = await tx.query(`select 1 from ${c.relation} where "${c.column}" = ${keptProbe(c)}`);
      throw new Outcome({ rows: held.rows.length, changed: true, visible: held.rows.length });
    });
  } catch (error) {
    if (error instanceof Outcome && 'rows' in error.result) return error.result.rows > 0;
  }
  return false;
}
/** Relations a member may INSERT into directly (today none: members act through functions). */
const memberMayInsert: string[] = [];

interface Column {
  relation: string;
  relkind: string;
  column: string;
  type: string;
  category: string;
  is_enum: boolean;
  element_type: string | null;
  element_is_enum: boolean;
}

let world: World;
let columns: Column[];

beforeAll(async () => {
  world = await createWorld();
  await createMatrixRows(world);
  // Rows of the member's own, so a policy that lets members change their own rows is tried.
  const { db, communityA: a } = world;
  const me = world.memberOf.memberA!;
  await db.query(
    `with e as (select id from events where community_id = $1 and title = 'Sommerfest'),
          t as (select id from tickets where event_id = (select id from e))
     insert into ticket_purchases (community_id, event_id, ticket_id, member_id, unit_price_ore, total_ore)
     select $1, (select id from e), (select id from t), $2, 0, 0`,
    [a, me],
  );
  await db.query(
    `insert into volunteer_signups (community_id, job_id, member_id)
     select $1, id, $2 from volunteer_jobs where community_id = $1 limit 1`,
    [a, me],
  );
  await db.query(
    `insert into news_comments (community_id, post_id, member_id, author_name, body)
     select $1, id, $2, 'Mette', 'Godt' from news_posts where community_id = $1 limit 1`,
    [a, me],
  );
  await db.query(
    `insert into group_members (community_id, group_id, member_id)
     select $1, id, $2 from groups where community_id = $1 and title = 'Senior'`,
    [a, me],
  );
  await db.query(
    `insert into member_certificates (community_id, member_id, kind, status) values ($1, $2, 'child_certificate', 'requested')`,
    [a, me],
  );
  columns = (
    await db.query<Column>(
      `select format('%I.%I', n.nspname, c.relname) as relation, c.relkind::text as relkind, a.attname as column,
              format_type(a.atttypid, a.atttypmod) as type, t.typcategory::text as category, t.typtype = 'e' as is_enum,
              format_type(t.typelem, null) as element_type, coalesce(et.typtype = 'e', false) as element_is_enum
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
       where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p', 'v')
         and a.attgenerated = '' and a.attidentity <> 'a'
         and has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE')
       order by 1, a.attnum`,
    )
  ).rows;
});
afterAll(async () => {
  await world?.close();
});

/** An expression giving the column a value different from the one it has. */
function changedValue(c: Column): string {
  const col = `"${c.column}"`;
  if (c.type === 'jsonb' || c.type === 'json') return `'{"probe": true}'::${c.type}`;
  if (c.type === 'bytea') return `'\\x00'::bytea`;
  if (c.is_enum)
    return `(select e.enumlabel::${c.type} from pg_enum e where e.enumtypid = '${c.type}'::regtype
             and e.enumlabel <> coalesce(${col}::text, '') order by e.enumsortorder limit 1)`;
  if (c.category === 'A') {
    // A valid element of the element type: a constant that cannot be cast would fail while
    // the statement is planned, before any row or guard is reached.
    const element = c.element_is_enum
      ? `(select e.enumlabel::${c.element_type} from pg_enum e where e.enumtypid = '${c.element_type}'::regtype
          order by e.enumsortorder limit 1)`
      : /^(smallint|integer|bigint|numeric|real|double precision)$/.test(c.element_type ?? '')
        ? `1::${c.element_type}`
        : c.element_type === 'uuid'
          ? 'gen_random_uuid()'
          : `'probe'::${c.element_type}`;
    return `case when cardinality(${col}) > 0 then '{}'::${c.type} else array[${element}] end`;
  }
  if (c.category === 'B') return `not coalesce(${col}, false)`;
  if (c.category === 'N') return `coalesce(${col}, 0) + 1`;
  if (c.category === 'S') return `coalesce(${col}::text, '') || 'x'`;
  if (c.category === 'D') return `(coalesce(${col}, now()::${c.type}) + interval '1 day')::${c.type}`;
  if (c.type === 'uuid') return 'gen_random_uuid()';
  throw new Error(`no changed value for ${c.relation}.${c.column} of type ${c.type}: extend changedValue`);
}

class Outcome extends Error {
  constructor(readonly result: Tried) {
    super('rollback');
  }
}
type Tried = { rows: number; changed: boolean; visible: number } | { code: string; message: string };

/**
 * Runs a statement as the plain member and rolls it back. For an update, also whether the
 * column's values among the rows the member can see changed (a trigger may quietly keep them).
 */
async function tryAsMember(sql: string, relation?: string, column?: string): Promise<Tried> {
  try {
    await world.inRequest('memberA', async (tx: Queryable) => {
      const read = async () =>
        relation
          ? (
              await tx.query<{ v: string | null }>(
                `select (to_jsonb(r.*) -> '${column}')::text as v from ${relation} r`,
              )
            ).rows
              .map((r) => String(r.v))
              .sort()
          : [];
      const before = await read();
      const result = await tx.query(sql);
      const after = await read();
      throw new Outcome({
        rows: result.rowCount ?? result.rows.length,
        changed: JSON.stringify(before) !== JSON.stringify(after),
        visible: before.length,
      });
    });
  } catch (error) {
    if (error instanceof Outcome) return error.result;
    const e = error as { code?: string; message?: string };
    return { code: e.code ?? 'unknown', message: e.message ?? '' };
  }
  return { code: 'no result', message: '' };
}

/**
 * Refused: no row reached, the value kept by the database, or refused by privileges/RLS or
 * a column that cannot be written (class 42: 42501, 428C9 for a generated or identity column
 * seen through a view), a guard (P0001), or a view that cannot be written (55000) or not in
 * that column (0A000). An update the member cannot see the result of counts as accepted.
 */
const refused = (r: Tried) =>
  'rows' in r
    ? r.rows === 0 || (r.visible > 0 && !r.changed)
    : r.code.startsWith('42') || ['P0001', '55000', '0A000'].includes(r.code);

describe('what a plain member can write', () => {
  it('finds the writable relations in the catalogue, each under row-level security', async () => {
    const relations = [...new Set(columns.map((c) => c.relation))];
    expect(relations).toContain('public.members');
    expect(relations.length).toBeGreaterThan(20);
    const unprotected = await world.db.query<{ relation: string }>(
      `select format('%I.%I', n.nspname, c.relname) as relation from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p') and not c.relrowsecurity
         and (has_table_privilege('authenticated', c.oid, 'INSERT') or has_table_privilege('authenticated', c.oid, 'UPDATE')
              or has_any_column_privilege('authenticated', c.oid, 'INSERT, UPDATE'))
       order by 1`,
    );
    expect(unprotected.rows.map((r) => r.relation)).toEqual([]);
  });

  it('changes only the allowed columns of any row it can reach, in every relation', async () => {
    const accepted: string[] = [];
    const problems: string[] = [];
    for (const c of columns) {
      const allowed = memberMayUpdate[c.relation]?.[c.column];
      const value = allowed ?? changedValue(c);
      if (serverKept[c.relation]?.includes(c.column)) {
        // The server sets it on every change: what the member sent must not be stored.
        if (await storedProbe(c)) accepted.push(`${c.relation}.${c.column}`);
        continue;
      }
      const result = await tryAsMember(
        `update ${c.relation} set "${c.column}" = ${value}`,
        c.relation,
        c.column,
      );
      if (!refused(result)) accepted.push(`${c.relation}.${c.column}`);
      if (allowed && !('rows' in result && result.rows > 0 && result.changed))
        problems.push(
          `${c.relation}.${c.column} is allowed but the change did not go through: ${JSON.stringify(result)}`,
        );
      if ('code' in result && !refused(result) && !/^2[23]/.test(result.code))
        problems.push(`${c.relation}.${c.column}: unexpected ${result.code} ${result.message}`);
    }
    const expected = Object.entries(memberMayUpdate).flatMap(([relation, cols]) =>
      Object.keys(cols).map((col) => `${relation}.${col}`),
    );
    expect(problems).toEqual([]);
    expect(accepted.sort()).toEqual(expected.sort());
  });

  it('inserts into no relation but the allowed ones, even a copy of a row of its own community', async () => {
    const insertable = await world.db.query<{ relation: string; cols: string }>(
      `select format('%I.%I', n.nspname, c.relname) as relation,
              string_agg(quote_ident(a.attname), ', ' order by a.attnum) as cols
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where n.nspname in ('public', 'storage') and c.relkind in ('r', 'p')
         and a.attgenerated = '' and a.attidentity <> 'a'
         and has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT')
       group by 1 order by 1`,
    );
    const accepted: string[] = [];
    for (const { relation, cols } of insertable.rows) {
      // A row of community A (or any row, for relations without one), copied with its own
      // values: RLS is checked before unique keys, so a refusal here is the policy's.
      const hasCommunity = cols.split(', ').includes('community_id');
      const source = `select ${cols} from ${relation} ${hasCommunity ? `where community_id = '${world.communityA}'` : ''} limit 1`;
      const sample = await world.db.query(source);
      if (sample.rows.length === 0) continue;
      const result = await tryAsMember(
        `insert into ${relation} (${cols}) select ${cols} from json_populate_record(null::${relation}, '${JSON.stringify(
          sample.rows[0],
        ).replace(/'/g, "''")}')`,
      );
      if (!refused(result)) accepted.push(relation);
    }
    expect(insertable.rows.length).toBeGreaterThan(20);
    expect(accepted).toEqual(memberMayInsert);
  });
});
