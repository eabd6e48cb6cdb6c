// Times issue 19's two booking aims on PostgreSQL before and after decision 0950, on the same
// data, without the whole bench:schema run. A scratch database is migrated without this
// branch's migrations (20261129130000–20261129130999), the demo community is seeded with
// BENCH_MEMBERS (1000) members and bench:schema's booking set-up (20 products open 08–22 every
// day, half of a year's hours booked, bench-schema-booking.ts); the server then runs in a
// child process, as in bench:schema, and this process measures:
//   - the calendar week as the screen asks for it, over REST (4 at a time) and as SQL in the
//     admin's request context (one at a time);
//   - admin_book_product from BENCH_BOOKERS (20) concurrent callers over REST, spread over the
//     products and all on one product, and the same calls as SQL without HTTP;
// then the child is restarted with every migration (it applies the rest) and the same is
// measured again (plus, as an experiment that is not adopted, the SQL calls spread over the
// products with synchronous_commit off, to show what the commit's flush costs). With --profile, the plans of the week read and of every statement inside one
// booking call (auto_explain, nested statements) are printed for each phase.
//   node --import tsx apps/server/scripts/time-booking.ts [--profile]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { seedDemo } from '../../../supabase/seed/generate-demo';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { defaultMigrationSources, type MigrationSource } from '../src/database/migrator';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { requestContextSql, withRequestContext } from '../src/database/with-request-context';
import { repoRoot, startPlatform } from '../src/platform';
import {
  bookingBenchContext,
  bookingBenches,
  seedBenchBookings,
  timeBookingCalls,
  type BookingBenchContext,
} from './bench-schema-booking';
import { withScratchDatabase } from './with-scratch-database';

const baseUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const members = Number(process.env.BENCH_MEMBERS ?? 1000);
const bookers = Number(process.env.BENCH_BOOKERS ?? 20);
const sqlCalls = Number(process.env.BENCH_BOOKING_CALLS ?? 400);
const profile = process.argv.includes('--profile');
const ownFirst = '20261129130000';
const ownLast = '20261129130999';

type Timing = { p50: number; p95: number; error?: string };
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const say = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (t: Timing) =>
  t.error ? `error: ${t.error}` : `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;

async function timeIt(
  run: () => PromiseLike<{ error: { message: string } | null }>,
  workers: number,
  iterations = 60,
  warmup = 10,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) {
    const { error } = await run();
    if (error) return { p50: Number.NaN, p95: Number.NaN, error: error.message };
  }
  const times: number[] = [];
  let remaining = iterations;
  let failure: string | undefined;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (remaining > 0 && !failure) {
        remaining--;
        const started = performance.now();
        const { error } = await run();
        if (error) failure = error.message;
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), error: failure };
}

// ---- the server child: started on a migrated, seeded database; applies the given migrations ----

interface Ready {
  url: string;
  anonKey: string;
}

async function serve(url: string, sourcesJson: string): Promise<void> {
  const db = await openPostgresDatabase({ connectionString: url });
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data-bench-unused',
    CPR_ENCRYPTION_KEY: 'bench-cpr-key-0123456789',
    DEMO_DATA: 'false',
  });
  const platform = await startPlatform({
    config,
    logger: pino({ level: 'silent' }),
    db,
    inMemoryKeys: true,
    scheduledJobs: false,
    migrationSources: JSON.parse(sourcesJson) as MigrationSource[],
  });
  await db.exec('analyze');
  const ready: Ready = { url: platform.url, anonKey: platform.keys.anonKey };
  process.send?.({ ready });
  process.on('message', () => void platform.stop().then(() => process.exit(0)));
}

function startChild(url: string, sources: MigrationSource[]) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', url, JSON.stringify(sources)], {
    execArgv: ['--import', 'tsx'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    child.on('message', (msg) => {
      const m = msg as { ready?: Ready };
      if (m.ready) resolve(m.ready);
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.send({ stop: true });
    });
  return { ready, stop };
}

// ---- the measuring parent ----

// The calendar week as booking-week-grid.tsx read it before decision 0950 (load-bookings.ts):
// the bookings starting in the week with names from member_directory.
const oldSelect =
  'id, starts_at, ends_at, status, price_ore, product_id, member_id, series_id, product:booking_products(name), member:member_directory(first_name, last_name)';
const weekBench = bookingBenches.find((b) => b.name === 'booking calendar week')!;

function week(): { from: string; to: string } {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + 28 - ((d.getUTCDay() + 6) % 7));
  return { from: d.toISOString(), to: new Date(d.getTime() + 7 * 86400000).toISOString() };
}

const oldWeekRest = (sb: SupabaseClient, x: BookingBenchContext) => {
  const w = week();
  return sb
    .from('bookings')
    .select(oldSelect)
    .eq('community_id', x.community)
    .neq('status', 'cancelled')
    .gte('starts_at', w.from)
    .lt('starts_at', w.to)
    .order('starts_at')
    .limit(2000);
};
const oldWeekSql = () => {
  const w = week();
  return `select b.id, b.starts_at, b.ends_at, b.status, b.price_ore, b.product_id, b.member_id, b.series_id,
      (select p.name from public.booking_products p where p.id = b.product_id) as product,
      (select json_build_object('first_name', m.first_name, 'last_name', m.last_name)
         from public.member_directory m where m.id = b.member_id) as member
    from public.bookings b where b.community_id = $1 and b.status <> 'cancelled'
      and b.starts_at >= '${w.from}' and b.starts_at < '${w.to}' order by b.starts_at limit 2000`;
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A free local hour `k` (14 a day) far enough ahead to be clear of the seeded year and of bench:schema's hours. */
function hour(k: number): { from: string; to: string } {
  const today = new Date();
  const day = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3000 + Math.floor(k / 14)),
  );
  const date = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
  const h = 8 + (k % 14);
  return { from: `${date}T${pad(h)}:00:00`, to: `${date}T${pad(h + 1)}:00:00` };
}

/** admin_book_product as SQL in the admin's request context, from `bookers` callers at once. */
async function timeSqlCalls(
  db: Database,
  userId: string,
  x: BookingBenchContext,
  oneProduct: boolean,
  offset: number,
  asyncCommit = false,
): Promise<string> {
  const context = { role: 'authenticated', claims: { sub: userId, role: 'authenticated' } };
  let next = 0;
  const times: number[] = [];
  const failures = new Map<string, number>();
  const book = async (i: number) => {
    const product = oneProduct ? x.products[0]! : x.products[i % x.products.length]!;
    const k = offset + (oneProduct ? i : Math.floor(i / x.products.length));
    const slot = hour(k);
    const started = performance.now();
    try {
      await withRequestContext(db, context, async (tx) => {
        if (asyncCommit) await tx.query('set local synchronous_commit = off');
        await tx.query('select public.admin_book_product($1, $2, $3::timestamp, $4::timestamp, false, $5)', [
          product,
          x.members[i % x.members.length],
          slot.from,
          slot.to,
          'bench',
        ]);
      });
    } catch (error) {
      const m = error instanceof Error ? error.message : String(error);
      failures.set(m, (failures.get(m) ?? 0) + 1);
    }
    return performance.now() - started;
  };
  for (let w = 0; w < 5; w++) await book(50_000 + w);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: bookers }, async () => {
      while (next < sqlCalls) times.push(await book(next++));
    }),
  );
  const wall = performance.now() - started;
  times.sort((a, b) => a - b);
  const failed = [...failures].map(([m, n]) => `${n}× ${m}`).join('; ');
  return (
    `SQL admin_book_product${asyncCommit ? ' with synchronous_commit off (experiment, not adopted)' : ''}, ` +
    `${sqlCalls} calls from ${bookers} callers ` +
    `${oneProduct ? 'on one product' : `over ${x.products.length} products`}: p50 ${percentile(times, 50).toFixed(1)} ms, ` +
    `p95 ${percentile(times, 95).toFixed(1)} ms, ${((sqlCalls / wall) * 1000).toFixed(0)} bookings/s` +
    (failed ? `; FAILED: ${failed}` : '')
  );
}

/** EXPLAIN ANALYZE of the week read and auto_explain of every statement in one booking call. */
async function printProfile(url: string, userId: string, x: BookingBenchContext, weekSql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const notices: string[] = [];
  client.on('notice', (n) => notices.push(n.message ?? ''));
  const context = requestContextSql({
    role: 'authenticated',
    claims: { sub: userId, role: 'authenticated' },
  });
  try {
    await client.query('begin');
    await client.query(context);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${weekSql}`, [
      x.community,
    ]);
    say(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    await client.query('rollback');
    await client.query(`load 'auto_explain'`);
    await client.query(`set auto_explain.log_min_duration = 0`);
    await client.query(`set auto_explain.log_analyze = on`);
    await client.query(`set auto_explain.log_nested_statements = on`);
    await client.query(`set auto_explain.log_level = notice`);
    await client.query(`set client_min_messages = notice`);
    for (const run of [1, 2]) {
      notices.length = 0;
      const slot = hour(90_000 + run);
      await client.query('begin');
      await client.query(context);
      const started = performance.now();
      await client.query(
        'select public.admin_book_product($1, $2, $3::timestamp, $4::timestamp, false, $5)',
        [x.products[0], x.members[0], slot.from, slot.to, 'bench'],
      );
      const ms = performance.now() - started;
      await client.query('rollback');
      if (run === 2) {
        say(`one admin_book_product call (second, warm): ${ms.toFixed(2)} ms; its statements:`);
        say(notices.join('\n'));
      }
    }
  } finally {
    await client.end();
  }
}

async function measure(
  phase: string,
  url: string,
  sources: MigrationSource[],
  db: Database,
  read: {
    rest: (sb: SupabaseClient, x: BookingBenchContext) => PromiseLike<{ error: { message: string } | null }>;
    sql: string;
  },
  offset: number,
  adminEmail: string,
  adminPassword: string,
): Promise<void> {
  const child = startChild(url, sources);
  try {
    const server = await child.ready;
    const sb = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const signIn = await sb.auth.signInWithPassword({ email: adminEmail, password: adminPassword });
    if (signIn.error || !signIn.data.user) throw new Error(`sign-in failed: ${signIn.error?.message}`);
    const userId = signIn.data.user.id;
    const community = (
      await db.query<{ id: string }>(`select id from public.communities where slug = 'sondervang-if'`)
    ).rows[0]!.id;
    const x = await bookingBenchContext(sb, community);
    say(`\n== ${phase} (load average ${load()}) ==`);
    if (profile) await printProfile(url, userId, x, read.sql);
    const context = { role: 'authenticated', claims: { sub: userId, role: 'authenticated' } };
    say(`calendar week REST, 4 at a time: ${fmt(await timeIt(() => read.rest(sb, x), 4))}`);
    const sqlTiming = await timeIt(
      () =>
        withRequestContext(db, context, (tx) => tx.query(read.sql, [community])).then(
          () => ({ error: null }),
          (error: unknown) => ({ error: { message: String(error) } }),
        ),
      1,
    );
    say(`calendar week SQL, one at a time: ${fmt(sqlTiming)}`);
    say(`REST ${await timeBookingCalls(sb, x, phase, false)}`);
    say(`REST ${await timeBookingCalls(sb, x, phase, true)}`);
    say(await timeSqlCalls(db, userId, x, false, offset));
    say(await timeSqlCalls(db, userId, x, true, offset + 20_000));
    // What the commit's flush costs while every booking also notifies realtime (decision 0951).
    say(await timeSqlCalls(db, userId, x, false, offset + 40_000, true));
    say(`(load average ${load()})`);
    // The next phase books the same hours again.
    await db.query(`delete from public.bookings where note = 'bench'`);
  } finally {
    await child.stop();
  }
}

async function main(): Promise<void> {
  say(`time-booking: ${members} members, ${bookers} bookers, load average ${load()}`);
  await withScratchDatabase(baseUrl, 'time_booking', async (url) => {
    // The migrations as they were before this branch, in a folder of their own.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'time-booking-'));
    const appDir = path.join(repoRoot, 'supabase/migrations');
    for (const file of fs.readdirSync(appDir)) {
      const version = file.slice(0, 14);
      if (version >= ownFirst && version <= ownLast) continue;
      fs.copyFileSync(path.join(appDir, file), path.join(before, file));
    }
    const all = defaultMigrationSources(repoRoot);
    const beforeSources = all.map((s) => (s.ledger === 'app' ? { ...s, dir: before } : s));
    const db = await openPostgresDatabase({ connectionString: url, maxConnections: bookers + 4 });
    try {
      // The first child migrates the empty database; it is stopped to seed, then started again.
      const first = startChild(url, beforeSources);
      await first.ready;
      await first.stop();
      const seedStarted = performance.now();
      const demo = await seedDemo(db, { members, cprKey: 'bench-cpr-key-0123456789' });
      const seeded = await seedBenchBookings(db, demo.community);
      say(
        `seeded ${demo.counts.members} members; ${seeded}; ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
      );
      await measure(
        'before',
        url,
        beforeSources,
        db,
        { rest: oldWeekRest, sql: oldWeekSql() },
        0,
        demo.adminEmail,
        demo.adminPassword,
      );
      await measure('after', url, all, db, weekBench, 0, demo.adminEmail, demo.adminPassword);
    } finally {
      await db.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  });
}

const serveIndex = process.argv.indexOf('--serve');
const entry = serveIndex >= 0 ? serve(process.argv[serveIndex + 1]!, process.argv[serveIndex + 2]!) : main();
entry.then(
  () => {
    if (serveIndex < 0) process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`time-booking failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
