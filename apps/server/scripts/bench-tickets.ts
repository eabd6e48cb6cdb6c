// npm run bench:tickets — ticket sales and the door on PostgreSQL (decisions 1033, 1070):
// BENCH_BUYERS (500) members take a ticket at once for an event with BENCH_PLACES (200) places
// through start_checkout (free: confirmed at once), over a pool of BENCH_CONNECTIONS (20)
// connections as the server's request pool would; then BENCH_DOORS (4) doors scan every sold
// ticket's code with admit_ticket, each ticket at two doors at the same moment. Prints p50/p95 of
// a purchase and of a scan answer and fails unless 0 are oversold and every ticket is admitted
// exactly once. Aims: purchase p95 < 100 ms, scan p95 < 50 ms.
// Needs PG_TEST_URL (or BENCH_DATABASE_URL): a scratch database is made next to it and dropped.
import type { Database } from '../src/database/database';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { withRequestContext } from '../src/database/with-request-context';
import { repoRoot } from '../src/platform';
import { withScratchDatabase } from './with-scratch-database';

const buyersCount = Number(process.env.BENCH_BUYERS ?? 500);
const places = Number(process.env.BENCH_PLACES ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const doors = Number(process.env.BENCH_DOORS ?? 4);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const summary = (label: string, latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${label.padEnd(28)} n=${String(sorted.length).padStart(4)}   p50 ${percentile(sorted, 50)
    .toFixed(1)
    .padStart(7)} ms   p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms`;
};

/** Runs the tasks at most `limit` at a time; each task's time is measured from its own start. */
async function pooled<T>(
  tasks: (() => Promise<T>)[],
  limit: number,
): Promise<{ results: T[]; latencies: number[] }> {
  const results: T[] = new Array(tasks.length);
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        const t = performance.now();
        results[i] = await tasks[i]!();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { results, latencies };
}

const asUser = <T>(db: Database, user: string, sql: string, params: unknown[]) =>
  withRequestContext(
    db,
    { role: 'authenticated', claims: { sub: user } },
    async (tx) => (await tx.query<T>(sql, params)).rows[0]!,
  );

async function run(db: Database): Promise<boolean> {
  await migrate(db, defaultMigrationSources(repoRoot));
  const community = (
    await db.query<{ id: string }>(
      `insert into communities (slug, name) values ('bench-tickets', 'Bench Tickets') returning id`,
    )
  ).rows[0]!.id;
  const users = (
    await db.query<{ id: string }>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at)
       select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
              'ticket' || n || '@example.dk', '', now(), now()
       from generate_series(1, $1::int + 1) n returning id`,
      [buyersCount],
    )
  ).rows.map((r) => r.id);
  const admin = users.pop()!;
  await db.query(
    `insert into memberships (community_id, user_id, role, areas) values ($1, $2, 'admin', '{event}')`,
    [community, admin],
  );
  await db.query(
    `insert into members (community_id, user_id, first_name, last_name)
     select $1, u, 'Bench', 'Nr ' || ord from unnest($2::uuid[]) with ordinality as t(u, ord)`,
    [community, users],
  );
  const event = (
    await db.query<{ id: string }>(
      `insert into events (community_id, title, starts_at, ends_at, status, visibility)
       values ($1, 'Koncert', now() + interval '10 days', now() + interval '10 days 3 hours', 'published', 'members')
       returning id`,
      [community],
    )
  ).rows[0]!.id;
  const ticket = (
    await db.query<{ id: string }>(
      `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Stå', $3, 0)
       returning id`,
      [community, event, places],
    )
  ).rows[0]!.id;

  // 1. Every buyer at once for the places.
  const bought = await pooled(
    users.map((user) => async () => {
      try {
        await asUser(db, user, 'select start_checkout($1, $2::jsonb, $3) as a', [
          community,
          JSON.stringify([{ kind: 'ticket', ticket_id: ticket }]),
          'bench-ticket',
        ]);
        return user;
      } catch (error) {
        if ((error as Error).message !== 'sold_out') throw error;
        return null;
      }
    }),
    buyersCount,
  );
  const winners = bought.results.filter((u): u is string => u !== null);
  const sold = Number(
    (
      await db.query<{ n: string }>(
        `select coalesce(sum(quantity), 0)::text as n from ticket_purchases where ticket_id = $1 and status = 'active'`,
        [ticket],
      )
    ).rows[0]!.n,
  );

  // For comparison, one purchase at a time (no queue for the ticket's row lock).
  const open = (
    await db.query<{ id: string }>(
      `insert into tickets (community_id, event_id, name, price_ore) values ($1, $2, 'Siddeplads', 0) returning id`,
      [community, event],
    )
  ).rows[0]!.id;
  const alone = await pooled(
    users
      .filter((u) => !winners.includes(u))
      .slice(0, 50)
      .map((user) => async () => {
        await asUser(db, user, 'select start_checkout($1, $2::jsonb, $3) as a', [
          community,
          JSON.stringify([{ kind: 'ticket', ticket_id: open }]),
          'bench-alone',
        ]);
      }),
    1,
  );

  // 2. The codes, then each ticket scanned at two doors at the same moment.
  const codes = (
    await pooled(
      winners.map(
        (user) => async () =>
          (await asUser<{ code: string }>(db, user, 'select code from my_ticket_codes($1)', [community]))
            .code,
      ),
      connections,
    )
  ).results;
  const scans = codes.flatMap((code) => [code, code]);
  const scanned = await pooled(
    scans.map(
      (code) => async () =>
        (
          await asUser<{ v: { verdict: string } }>(db, admin, 'select admit_ticket($1, $2, $3) as v', [
            community,
            event,
            code,
          ])
        ).v.verdict,
    ),
    doors * 2,
  );
  const admitted = scanned.results.filter((v) => v === 'admitted').length;
  const refused = scanned.results.filter((v) => v === 'already_used').length;
  const checkedIn = Number(
    (
      await db.query<{ n: string }>(
        `select count(*)::text as n from ticket_purchases where ticket_id = $1 and checked_in_at is not null`,
        [ticket],
      )
    ).rows[0]!.n,
  );

  console.log(
    `tickets bench on PostgreSQL: ${buyersCount} buyers, ${places} places, ${connections} connections, ${doors * 2} scans at a time`,
  );
  console.log(summary('purchase (start_checkout)', bought.latencies));
  console.log(summary('purchase, one at a time', alone.latencies));
  console.log(summary('door scan (admit_ticket)', scanned.latencies));
  console.log(
    `sold ${sold}/${places}, oversold=${Math.max(0, sold - places)}, scans ${scans.length}: admitted ${admitted}, ` +
      `already used ${refused}, checked in ${checkedIn}`,
  );
  return (
    sold <= places &&
    winners.length === sold &&
    admitted === codes.length &&
    refused === codes.length &&
    checkedIn === sold
  );
}

async function main(): Promise<void> {
  const baseUrl = process.env.PG_TEST_URL ?? process.env.BENCH_DATABASE_URL;
  if (!baseUrl)
    throw new Error('Set PG_TEST_URL (a PostgreSQL the bench may create a scratch database next to)');
  const ok = await withScratchDatabase(baseUrl, 'bench_tickets', async (url) => {
    const db = await openPostgresDatabase({ connectionString: url, maxConnections: connections });
    try {
      return await run(db);
    } finally {
      await db.close();
    }
  });
  if (!ok) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
