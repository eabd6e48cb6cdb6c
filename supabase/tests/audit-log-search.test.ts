// The audit log's word search through search_audit_log (decision 0970): the same entries, order
// and paging as the table read it replaces, the rule of the audit log's policy (owners and
// membership managers of the community, nobody else), a total exact up to 10,000 and "more"
// above, and clear refusals of bad pages and unreadable searches. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;

interface Entry {
  id: number;
  at: string;
  actor_email: string | null;
  kind: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
}
interface Result {
  rows: Entry[];
  total: number;
  more: boolean;
}

const seed = (community: string, rows: number, subject: string) =>
  world.db.query(
    `insert into audit_log (community_id, at, actor_email, kind, action, subject, subject_id, details)
     select $1, timestamptz '2026-11-01T12:00:00Z' - n * interval '1 hour', 'kasserer' || (n % 3) || '@klub.dk',
            (array['cpr','money','settings'])[1 + n % 3], (array['cpr_reveal','payment_recorded','settings_changed'])[1 + n % 3],
            $3 || ' ' || (n % 97) || ' Jensen', (n % 97)::text, jsonb_build_object('n', n)
       from generate_series(1, $2::int) n`,
    [community, rows, subject],
  );

beforeAll(async () => {
  world = await createWorld();
  await seed(world.communityA, 10_050, 'Medlem');
  await seed(world.communityB, 200, 'Medlem');
  await world.db.exec('analyze audit_log');
});
afterAll(async () => {
  await world?.close();
});

type Args = {
  query: string;
  kind?: string | null;
  from?: string | null;
  to?: string | null;
  ascending?: boolean;
  limit?: number;
  offset?: number;
};

async function search(actor: Parameters<World['as']>[0], args: Args, community = world.communityA) {
  const [row] = await world.as<{ r: Result }>(
    actor,
    'select search_audit_log($1, $2, $3, $4, $5, $6, $7, $8) as r',
    [
      community,
      args.query,
      args.kind ?? null,
      args.from ?? null,
      args.to ?? null,
      args.ascending ?? false,
      args.limit ?? 50,
      args.offset ?? 0,
    ],
  );
  return row!.r;
}

/** The same read straight from the table as the database owner, for comparison. */
async function expected(args: Args, community = world.communityA) {
  const direction = args.ascending ? 'asc' : 'desc';
  const where = `community_id = $1 and search_words @@ to_tsquery('simple', $2)
    and ($3::text is null or kind = $3) and ($4::timestamptz is null or at >= $4) and ($5::timestamptz is null or at < $5)`;
  const params = [community, args.query, args.kind ?? null, args.from ?? null, args.to ?? null];
  const rows = await world.db.query<{ id: string }>(
    `select id from audit_log where ${where} order by at ${direction}, id ${direction} limit $6 offset $7`,
    [...params, args.limit ?? 50, args.offset ?? 0],
  );
  const count = await world.db.query<{ n: number }>(
    `select count(*)::int as n from audit_log where ${where}`,
    params,
  );
  return { ids: rows.rows.map((r) => Number(r.id)), count: count.rows[0]!.n };
}

describe('search_audit_log', () => {
  it('finds what the table read finds, in the same order and pages, with an exact total below 10,000', async () => {
    const cases: Args[] = [
      { query: `'medlem' & '42'` },
      { query: `'42' & 'jensen'`, ascending: true },
      { query: `'42'`, kind: 'money' },
      { query: `'kasserer1@klub.dk'`, from: '2026-10-01T00:00:00Z', to: '2026-10-15T00:00:00Z' },
      { query: `'kasserer1' & '7'`, limit: 10, offset: 20 },
      { query: `'cpr' & 'reveal' & '3'`, kind: 'cpr', ascending: true, limit: 5, offset: 5 },
      { query: `'nobody'` },
    ];
    for (const args of cases) {
      const got = await search('ownerA', args);
      const want = await expected(args);
      expect(want.count).toBeLessThan(10_000);
      expect([args, got.rows.map((r) => r.id), got.total, got.more]).toEqual([
        args,
        want.ids,
        want.count,
        false,
      ]);
    }
    const [first] = (await search('managerA', { query: `'medlem' & '42'`, limit: 1 })).rows;
    expect(first).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^2026-\d\d-\d\dT/),
      actor_email: expect.stringMatching(/@klub\.dk$/),
      kind: expect.any(String),
      action: expect.any(String),
      subject: 'Medlem 42 Jensen',
      details: { n: expect.any(Number) },
    });
  });

  it('says "more" instead of counting past 10,000 hits, and never shows another community', async () => {
    const common = await search('ownerA', { query: `'medlem'` });
    expect(common.total).toBe(10_000);
    expect(common.more).toBe(true);
    expect(common.rows.map((r) => r.id)).toEqual((await expected({ query: `'medlem'` })).ids);
    const ids = new Set(
      (
        await world.db.query<{ id: string }>('select id from audit_log where community_id = $1', [
          world.communityB,
        ])
      ).rows.map((r) => Number(r.id)),
    );
    const all = await search('ownerA', { query: `'medlem' & '5'`, limit: 1000 });
    expect(all.rows.length).toBeGreaterThan(0);
    expect(all.rows.filter((r) => ids.has(r.id))).toEqual([]);
    const own = await search('adminB', { query: `'medlem'`, limit: 1000 }, world.communityB);
    expect([own.rows.length, own.total, own.more]).toEqual([200, 200, false]);
  });

  it('refuses everyone but owners and membership managers of the community', async () => {
    for (const actor of ['memberA', 'eventAdminA', 'billingAdminA', 'adminB'] as const) {
      expect([actor, await failureOf(search(actor, { query: `'medlem'` }))]).toEqual([actor, 'not_allowed']);
    }
    expect(await failureOf(search('anon', { query: `'medlem'` }))).toBe('42501');
    expect(await failureOf(world.as('ownerA', 'select search_audit_log(null, $1)', [`'medlem'`]))).toBe(
      'not_allowed',
    );
  });

  it('refuses a page it will not read and a search it cannot read, clearly', async () => {
    for (const page of [{ limit: 0 }, { limit: 1001 }, { offset: -1 }]) {
      expect([page, await failureOf(search('ownerA', { query: `'medlem'`, ...page }))]).toEqual([
        page,
        'invalid_page',
      ]);
    }
    for (const query of [`'medlem' &`, `(('medlem'`, `'medlem' & | '4'`]) {
      expect([query, await failureOf(search('ownerA', { query }))]).toEqual([query, 'invalid_search']);
    }
    const empty = await search('ownerA', { query: '' });
    expect([empty.rows, empty.total, empty.more]).toEqual([[], 0, false]);
  });
});
