// npm run bench:tickets — ticket sales and the door on PostgreSQL (decisions 1033, 1070, 1073):
// BENCH_BUYERS (500) members take a ticket at once for an event with BENCH_PLACES (200) places
// through start_checkout (free: confirmed at once), over a pool of BENCH_CONNECTIONS (20)
// connections as the server's request pool would; then BENCH_DOORS (4) doors scan every sold
// ticket's code with admit_ticket, each ticket at two doors at the same moment. Prints p50/p95 of
// a purchase and of a scan answer and fails unless 0 are oversold and every ticket is admitted
// exactly once. Aims: purchase p95 < 100 ms, scan p95 < 50 ms.
// The same sale is first run on the schema as it was before migration BENCH_BEFORE
// (20261206400000, the ticket stock of decision 1073; empty to skip), in another community of
// the same database, so the figures before and after stand side by side from one run.
// Needs PG_TEST_URL (or BENCH_DATABASE_URL): a scratch database is made next to it and dropped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
const before = process.env.BENCH_BEFORE ?? '20261206400000';

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

const asUser = <T>(db: Database, user: string, sql: string, params: unknown[], timed?: number[]) =>
  withRequestContext(db, { role: 'authenticated', claims: { sub: user } }, async (tx) => {
    const t = performance.now();
    try {
      return (await tx.query<T>(sql, params)).rows[0]!;
    } finally {
      timed?.push(performance.now() - t);
    }
  });

interface Sale {
  community: string;
  event: string;
  ticket: string;
  winners: string[];
  sold: number;
  /** From the request's start: the wait for a connection, the transaction, the commit. */
  latencies: number[];
  /** The start_checkout statement alone, once it has a connection (the wait for locks is in it). */
  inStatement: number[];
  alone: number[];
  refused: number[];
}

/** A community whose members are `users`, one event, and every buyer at once for its places. */
async function sale(db: Database, slug: string, users: string[]): Promise<Sale> {
  const community = (
    await db.query<{ id: string }>(`insert into communities (slug, name) values ($1, $1) returning id`, [
      slug,
    ])
  ).rows[0]!.id;
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
  const inStatement: number[] = [];
  const bought = await pooled(
    users.map((user) => async () => {
      try {
        await asUser(
          db,
          user,
          'select start_checkout($1, $2::jsonb, $3) as a',
          [community, JSON.stringify([{ kind: 'ticket', ticket_id: ticket }]), 'bench-ticket'],
          inStatement,
        );
        return user;
      } catch (error) {
        if ((error as Error).message !== 'sold_out') throw error;
        return null;
      }
    }),
    users.length,
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

  // For comparison, one purchase at a time (no other buyer to wait for).
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
  // And a sold-out refusal alone, the answer most of the buyers get.
  const refused = await pooled(
    users
      .filter((u) => !winners.includes(u))
      .slice(0, 50)
      .map((user) => async () => {
        await asUser(db, user, 'select start_checkout($1, $2::jsonb, $3) as a', [
          community,
          JSON.stringify([{ kind: 'ticket', ticket_id: ticket }]),
          'bench-refused',
        ]).catch((error: unknown) => {
          if ((error as Error).message !== 'sold_out') throw error;
        });
      }),
    1,
  );
  return {
    community,
    event,
    ticket,
    winners,
    sold,
    latencies: bought.latencies,
    inStatement,
    alone: alone.latencies,
    refused: refused.latencies,
  };
}

const p95 = (latencies: number[]) =>
  percentile(
    [...latencies].sort((a, b) => a - b),
    95,
  );

async function run(db: Database): Promise<boolean> {
  const sources = defaultMigrationSources(repoRoot);
  let old: Sale | null = null;
  const users = async (n: number) =>
    (
      await db.query<{ id: string }>(
        `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at)
         select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
                'ticket-' || gen_random_uuid() || '@example.dk', '', now(), now()
         from generate_series(1, $1::int) n returning id`,
        [n],
      )
    ).rows.map((r) => r.id);
  if (before) {
    // The app migrations older than BENCH_BEFORE, then the sale on that schema.
    const app = sources.find((s) => s.ledger === 'app')!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tickets-'));
    try {
      for (const file of fs.readdirSync(app.dir).filter((f) => f.endsWith('.sql') && f.slice(0, 14) < before))
        fs.copyFileSync(path.join(app.dir, file), path.join(dir, file));
      await migrate(db, [...sources.filter((s) => s !== app), { ledger: 'app', dir }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    old = await sale(db, 'bench-tickets-before', await users(buyersCount));
  }
  await migrate(db, sources);
  const now = await sale(db, 'bench-tickets', await users(buyersCount));
  const { community, event, ticket, winners, sold } = now;
  const admin = (await users(1))[0]!;
  await db.query(
    `insert into memberships (community_id, user_id, role, areas) values ($1, $2, 'admin', '{event}')`,
    [community, admin],
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
  if (old) {
    console.log(summary(`before ${before}: purchase`, old.latencies));
    console.log(summary(`  its statement alone`, old.inStatement));
    console.log(summary(`  one at a time`, old.alone));
    console.log(summary(`  sold out, one at a time`, old.refused));
    console.log(`  sold ${old.sold}/${places}, oversold=${Math.max(0, old.sold - places)}`);
  }
  console.log(summary('purchase (start_checkout)', now.latencies));
  console.log(summary('  its statement alone', now.inStatement));
  console.log(summary('  one at a time', now.alone));
  console.log(summary('  sold out, one at a time', now.refused));
  if (old)
    console.log(
      `purchase p95 before/after: ${(p95(old.latencies) / p95(now.latencies)).toFixed(1)}× faster ` +
        `(statement alone ${(p95(old.inStatement) / p95(now.inStatement)).toFixed(1)}×)`,
    );
  console.log(summary('door scan (admit_ticket)', scanned.latencies));
  console.log(
    `sold ${sold}/${places}, oversold=${Math.max(0, sold - places)}, scans ${scans.length}: admitted ${admitted}, ` +
      `already used ${refused}, checked in ${checkedIn}`,
  );
  return (
    (old === null || (old.sold <= places && old.winners.length === old.sold)) &&
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
