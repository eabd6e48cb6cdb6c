// npm run bench:schema — the club schema at realistic size. For each engine a child process
// runs the server and seeds the demo club with 10,000 members and a year of activity; this
// process signs in as the club's admin and sends the request behind every list screen and
// every analytics function to /rest/v1 with supabase-js, at a fixed concurrency after a
// warm-up. The child also times the same reads as SQL in the admin's request context, one
// at a time (the database's share of a request, without HTTP or queueing). PGlite runs one
// statement at a time, so its REST figures include waiting behind the other callers. Prints p50 and p95 per query for the embedded database and
// PostgreSQL side by side, and whether each list meets the aim (p95 under 50 ms on PostgreSQL).
//
// BENCH_MEMBERS (10000), BENCH_ITERATIONS (60 timed requests per query), BENCH_CONCURRENCY (4),
// BENCH_WARMUP (10), BENCH_DATABASE_URL / TEST_DATABASE_URL (the local cluster by default;
// skipped when it does not answer), BENCH_ENGINES (pglite,postgres), BENCH_IMPORT_ROWS (10000;
// the members import timed after the reads, 0 to skip), BENCH_AUDIT_ROWS (1000000 audit log entries),
// BENCH_INVOICE_PDFS (1000 invoice PDFs rendered and timed, 0 to skip), BENCH_GROUP_MEMBERS (2000
// members in the group of the group page), BENCH_FEE_RUN_MEMBERS (5000 members in the group whose
// fee run is timed); the booking settings are in bench-schema-booking.ts, the analytics history's
// (BENCH_HISTORY_MEMBERS, BENCH_HISTORY_YEARS) in bench-schema-analytics.ts.
import { fork } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { seedDemo } from '../../../supabase/seed/generate-demo';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { withRequestContext } from '../src/database/with-request-context';
import { startPlatform } from '../src/platform';
import { adminBenches, auditRows, seedAuditLog } from './bench-schema-admin';
import { analyticsBenches, seedAnalyticsHistory } from './bench-schema-analytics';
import { billingBenches, timeInvoicePdfs } from './bench-schema-billing';
import {
  bookingBenchContext,
  bookingBenches,
  seedBenchBookings,
  timeBookingCalls,
} from './bench-schema-booking';
import { groupBenchContext, groupBenches, seedBenchGroups, timeGroupFeeRun } from './bench-schema-groups';
import { memberBenchContext, memberBenches, timeImport } from './bench-schema-members';
import { newsBenchContext, newsBenches, seedBenchNewsPost, timeLiveComments } from './bench-schema-news';

type Engine = 'pglite' | 'postgres';

const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 60);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',') as Engine[];
const aimMs = 50;
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';

interface Bench {
  name: string;
  list: boolean;
  rest: (sb: SupabaseClient, c: string) => PromiseLike<{ error: { message: string } | null }>;
  /** The same read as SQL; $1 is the community id. */
  sql: string;
}

const now = () => new Date().toISOString();
const eventColumns =
  'id, title, location, starts_at, ends_at, status, effective_status, release_at, visibility, kind, repeat, series_id, capacity, tickets_sold, revenue_ore';

// Events and the member search are the requests apps/web sends today (load-event-list.ts with
// its default filters, load-invitees.ts searchMembers); the other lists have no screen yet and
// are measured as such a screen should ask: one page, newest first, with a total. The lists
// that grow with the membership (members, bookings, orders, invoices) ask for
// count=estimated, which spares counting every row through the policies on each page
// (docs/decisions/0710); news and the knowledge base stay small and count exactly.
const benches: Bench[] = [
  {
    name: 'events list',
    list: true,
    rest: (sb, c) => {
      const t = now();
      return sb
        .from('event_admin_summaries')
        .select(eventColumns, { count: 'exact' })
        .eq('community_id', c)
        .or(`ends_at.gte.${t},and(ends_at.is.null,starts_at.gte.${t})`)
        .order('starts_at', { ascending: true })
        .order('id', { ascending: true })
        .range(0, 24);
    },
    sql: `select ${eventColumns}, count(*) over () from public.event_admin_summaries
      where community_id = $1 and (ends_at >= now() or (ends_at is null and starts_at >= now()))
      order by starts_at, id limit 25`,
  },
  {
    name: 'news list',
    list: true,
    rest: (sb, c) =>
      sb
        .from('news_posts')
        .select('id,title,status,release_at,published_at,visibility,allow_comments', { count: 'exact' })
        .eq('community_id', c)
        .order('created_at', { ascending: false })
        .range(0, 24),
    sql: `select id, title, status, release_at, published_at, visibility, allow_comments, count(*) over ()
      from public.news_posts where community_id = $1 order by created_at desc limit 25`,
  },
  {
    name: 'members list',
    list: true,
    rest: (sb, c) =>
      sb
        .from('members')
        .select('id,mid,full_name,email,phone,cpr_masked,status', { count: 'estimated' })
        .eq('community_id', c)
        .order('last_name')
        .order('first_name')
        .range(0, 49),
    sql: `select id, mid, full_name, email, phone, cpr_masked, status from public.members
      where community_id = $1 order by last_name, first_name limit 50`,
  },
  {
    // The invitee search of the events editor (apps/web/src/features/events/load-invitees.ts).
    name: 'members search',
    list: true,
    rest: (sb, c) =>
      sb
        .rpc('lookup_member_directory', { p_community_id: c, p_query: 'jens', p_limit: 20 })
        .select('id, full_name, email')
        .order('full_name'),
    sql: `select id, full_name, email from public.lookup_member_directory($1, 'jens', 20) order by full_name`,
  },
  {
    name: 'member lookup rpc',
    list: true,
    rest: (sb, c) => sb.rpc('lookup_members', { p_community_id: c, p_query: 'Mette' }),
    sql: `select * from public.lookup_members($1, 'Mette')`,
  },
  {
    name: 'bookings list',
    list: true,
    rest: (sb, c) =>
      sb
        .from('bookings')
        .select('id,starts_at,ends_at,status,price_ore,product_id,member_id', { count: 'estimated' })
        .eq('community_id', c)
        .order('starts_at', { ascending: false })
        .range(0, 49),
    sql: `select id, starts_at, ends_at, status, price_ore, product_id, member_id
      from public.bookings where community_id = $1 order by starts_at desc limit 50`,
  },
  {
    name: 'orders list',
    list: true,
    rest: (sb, c) =>
      sb
        .from('orders')
        .select('id,product_name,status,amount_ore,created_at,member_id', { count: 'estimated' })
        .eq('community_id', c)
        .order('created_at', { ascending: false })
        .range(0, 49),
    sql: `select id, product_name, status, amount_ore, created_at, member_id
      from public.orders where community_id = $1 order by created_at desc limit 50`,
  },
  {
    name: 'invoices list',
    list: true,
    rest: (sb, c) =>
      sb
        .from('invoices')
        .select('id,number,status,total_ore,vat_ore,due_on,account_id', { count: 'estimated' })
        .eq('community_id', c)
        .order('created_at', { ascending: false })
        .range(0, 49),
    sql: `select id, number, status, total_ore, vat_ore, due_on, account_id
      from public.invoices where community_id = $1 order by created_at desc limit 50`,
  },
  {
    name: 'knowledge base list',
    list: true,
    rest: (sb, c) =>
      sb
        .from('kb_articles')
        .select('id,title,status,visibility,category_id,updated_at', { count: 'exact' })
        .eq('community_id', c)
        .order('updated_at', { ascending: false })
        .range(0, 24),
    sql: `select id, title, status, visibility, category_id, updated_at, count(*) over ()
      from public.kb_articles where community_id = $1 order by updated_at desc limit 25`,
  },
  ...analyticsBenches.map((b) => ({ ...b, list: false })),
  ...billingBenches,
  ...adminBenches,
];

interface Timing {
  p50: number;
  p95: number;
  error?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** Warm-up, then `iterations` calls spread over `workers` concurrent callers. */
async function timeIt(
  run: () => PromiseLike<{ error: { message: string } | null }>,
  workers: number,
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) {
    const { error } = await run();
    if (error) return { p50: Number.NaN, p95: Number.NaN, error: error.message };
  }
  const times: number[] = [];
  let remaining = iterations;
  let failure: string | undefined;
  const worker = async () => {
    while (remaining > 0 && !failure) {
      remaining--;
      const started = performance.now();
      const { error } = await run();
      if (error) failure = error.message;
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), error: failure };
}

// ---- the server child ----

interface Ready {
  url: string;
  anonKey: string;
  community: string;
  adminEmail: string;
  adminPassword: string;
  seeded: string;
}

async function serve(engine: Engine): Promise<void> {
  let db: Database;
  let dropName: string | undefined;
  if (engine === 'postgres') {
    dropName = `bench_schema_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${dropName}`);
    const url = new URL(pgUrl);
    url.pathname = `/${dropName}`;
    db = await openPostgresDatabase({ connectionString: url.toString() });
  } else {
    db = await openPgliteDatabase();
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data-bench-unused',
    CPR_ENCRYPTION_KEY: 'bench-cpr-key-0123456789',
    DEMO_DATA: 'false',
  });
  const platform = await startPlatform({ config, logger: pino({ level: 'silent' }), db, inMemoryKeys: true });
  const demo = await seedDemo(db, { members, cprKey: platform.keys.cprKey });
  const auditMillis = await seedAuditLog(db, demo.community);
  await seedBenchGroups(db, demo.community);
  await seedBenchNewsPost(db, demo.community);
  // The five-year history first, so that it repeats only the demo's own bookings.
  const history = await seedAnalyticsHistory(db, demo.community);
  const bookingSeeded = await seedBenchBookings(db, demo.community);
  // Planner statistics, as autovacuum would have gathered them on a database in use; without
  // them the first minutes after a bulk load are planned from empty-table guesses.
  await db.exec('analyze');
  const stop = async () => {
    await platform.stop();
    if (dropName) await adminQuery(`drop database if exists ${dropName} with (force)`);
  };
  process.on('message', (raw) => {
    const msg = raw as {
      id: number;
      kind: 'sql' | 'stop';
      sql?: string;
      userId?: string;
      member?: string;
      tag?: string;
      group?: string;
      post?: string;
    };
    // The member and tag of the members benches go in as literals: a statement that does not
    // use every parameter it is given cannot be prepared.
    const sql = (msg.sql ?? '')
      .replaceAll('$2', `'${msg.member}'::uuid`)
      .replaceAll('$3', `'${msg.tag}'`)
      .replaceAll('$4', `'${msg.group}'::uuid`)
      .replaceAll('$5', `'${msg.post}'::uuid`);
    const work = async (): Promise<unknown> => {
      if (msg.kind === 'stop') return stop();
      const context = {
        role: 'authenticated',
        claims: { sub: msg.userId, role: 'authenticated' },
        settings: { 'app.cpr_key': platform.keys.cprKey },
      };
      return timeIt(
        () =>
          withRequestContext(db, context, (tx) =>
            tx.query(sql, sql.includes('$1') ? [demo.community] : []),
          ).then(
            () => ({ error: null }),
            (error: unknown) => ({
              error: { message: error instanceof Error ? error.message : String(error) },
            }),
          ),
        // One at a time: the database's own time per request, without queueing behind other
        // callers (the embedded database runs one statement at a time anyway).
        1,
      );
    };
    work().then(
      (result) => process.send?.({ id: msg.id, ok: true, result }),
      (error: unknown) => process.send?.({ id: msg.id, ok: false, error: String(error) }),
    );
  });
  const ready: Ready = {
    url: platform.url,
    anonKey: platform.keys.anonKey,
    community: demo.community,
    adminEmail: demo.adminEmail,
    adminPassword: demo.adminPassword,
    seeded:
      `${demo.counts.members} members, ${demo.counts.events} events, ${demo.counts.invoices} invoices in ` +
      `${(demo.millis / 1000).toFixed(1)} s (ms per step: ${Object.entries(demo.steps)
        .map(([step, ms]) => `${step} ${ms}`)
        .join(
          ', ',
        )}); ${auditRows} audit log entries in ${(auditMillis / 1000).toFixed(1)} s; ${bookingSeeded}; ${history}`,
  };
  process.send?.({ ready });
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// ---- the measuring parent ----

interface Figures {
  rest: Map<string, Timing>;
  sql: Map<string, Timing>;
  importLine?: string;
  feeRunLine?: string;
  liveCommentsLine?: string;
  bookingLines?: string[];
}

async function measure(engine: Engine): Promise<Figures> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', engine], { execArgv: ['--import', 'tsx'] });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<Ready>((resolve, reject) => {
    child.once('exit', (code) => {
      const error = new Error(`the ${engine} server exited with ${code}`);
      reject(error);
      for (const pending of waiting.values()) pending.reject(error);
    });
    child.on('message', (raw) => {
      const msg = raw as { ready?: Ready; id?: number; ok?: boolean; error?: string; result?: unknown };
      if (msg.ready) return resolve(msg.ready);
      const pending = msg.id === undefined ? undefined : waiting.get(msg.id);
      if (!pending || msg.id === undefined) return;
      waiting.delete(msg.id);
      if (msg.ok) pending.resolve(msg.result);
      else pending.reject(new Error(msg.error));
    });
  });
  const call = (msg: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      child.send({ ...msg, id });
    });
  const figures: Figures = { rest: new Map(), sql: new Map() };
  try {
    const server = await ready;
    process.stdout.write(`${engine}: seeded ${server.seeded}\n`);
    const sb = createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const signIn = await sb.auth.signInWithPassword({
      email: server.adminEmail,
      password: server.adminPassword,
    });
    if (signIn.error || !signIn.data.user) throw new Error(`admin sign-in failed: ${signIn.error?.message}`);
    for (const bench of benches) {
      process.stdout.write(`  ${engine}: ${bench.name}\n`);
      figures.rest.set(bench.name, await timeIt(() => bench.rest(sb, server.community), concurrency));
      figures.sql.set(
        bench.name,
        (await call({ kind: 'sql', sql: bench.sql, userId: signIn.data.user.id })) as Timing,
      );
    }
    const members = await memberBenchContext(sb, server.community);
    for (const bench of memberBenches) {
      process.stdout.write(`  ${engine}: ${bench.name}\n`);
      figures.rest.set(bench.name, await timeIt(() => bench.rest(sb, members), concurrency));
      figures.sql.set(
        bench.name,
        (await call({
          kind: 'sql',
          sql: bench.sql,
          userId: signIn.data.user.id,
          member: members.member,
          tag: members.tag,
        })) as Timing,
      );
    }
    const groups = await groupBenchContext(sb, server.community);
    for (const bench of groupBenches) {
      process.stdout.write(`  ${engine}: ${bench.name}\n`);
      figures.rest.set(bench.name, await timeIt(() => bench.rest(sb, groups), concurrency));
      figures.sql.set(
        bench.name,
        (await call({
          kind: 'sql',
          sql: bench.sql,
          userId: signIn.data.user.id,
          group: groups.group,
        })) as Timing,
      );
    }
    const news = await newsBenchContext(sb, server.community);
    for (const bench of newsBenches) {
      process.stdout.write(`  ${engine}: ${bench.name}\n`);
      figures.rest.set(bench.name, await timeIt(() => bench.rest(sb, news), concurrency));
      figures.sql.set(
        bench.name,
        (await call({ kind: 'sql', sql: bench.sql, userId: signIn.data.user.id, post: news.post })) as Timing,
      );
    }
    const booking = await bookingBenchContext(sb, server.community);
    for (const bench of bookingBenches) {
      process.stdout.write(`  ${engine}: ${bench.name}\n`);
      figures.rest.set(bench.name, await timeIt(() => bench.rest(sb, booking), concurrency));
      figures.sql.set(
        bench.name,
        (await call({ kind: 'sql', sql: bench.sql, userId: signIn.data.user.id })) as Timing,
      );
    }
    figures.bookingLines = [
      await timeBookingCalls(sb, booking, engine, false),
      await timeBookingCalls(sb, booking, engine, true),
    ];
    for (const line of figures.bookingLines) process.stdout.write(`  ${line}\n`);
    figures.liveCommentsLine = await timeLiveComments(sb, news, engine);
    process.stdout.write(`  ${figures.liveCommentsLine}\n`);
    figures.feeRunLine = await timeGroupFeeRun(sb, groups, engine);
    process.stdout.write(`  ${figures.feeRunLine}\n`);
    if (importRows > 0) {
      const result = await timeImport(sb, server.community, importRows);
      figures.importLine =
        `${engine}: import of ${importRows} rows: duplicate search ${(result.duplicatesMs / 1000).toFixed(1)} s, ` +
        `import ${(result.importMs / 1000).toFixed(1)} s (${result.created} created, ${result.failed} failed)`;
      process.stdout.write(`  ${figures.importLine}\n`);
    }
    await call({ kind: 'stop' });
  } finally {
    child.kill();
  }
  return figures;
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: pgUrl });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const fmt = (t: Timing | undefined) =>
  t === undefined ? '-' : t.error ? `error: ${t.error}` : `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)}`;

async function main(): Promise<void> {
  process.stdout.write(
    `bench:schema — ${members} members; per query ${warmup} warm-up then ${iterations} timed requests, ` +
      `${concurrency} at a time; admin over /rest/v1; server in a child process\n`,
  );
  const results = new Map<Engine, Figures>();
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresAnswers())) {
      process.stdout.write(`PostgreSQL at ${pgUrl} does not answer; measuring the embedded database only.\n`);
      continue;
    }
    results.set(engine, await measure(engine));
  }
  const all = [
    ...benches,
    ...memberBenches.map((b) => ({ name: b.name, list: true })),
    ...groupBenches.map((b) => ({ name: b.name, list: true })),
    ...newsBenches.map((b) => ({ name: b.name, list: true })),
    ...bookingBenches.map((b) => ({ name: b.name, list: true })),
  ];
  const width = Math.max(...all.map((b) => b.name.length));
  const cell = (v: string) => v.padEnd(17);
  process.stdout.write(
    `\np50 / p95 in ms. REST: supabase-js to /rest/v1 (HTTP, gateway, data service, database); ` +
      `SQL: the same read in the request context, one at a time, no HTTP. Aim: list p95 under ${aimMs} ms on PostgreSQL REST.\n` +
      `${'query'.padEnd(width)}  ${cell('PGlite REST')}${cell('PGlite SQL')}${cell('PostgreSQL REST')}${cell('PostgreSQL SQL')}aim\n`,
  );
  const pgl = results.get('pglite');
  const pgs = results.get('postgres');
  for (const bench of all) {
    const pgRest = pgs?.rest.get(bench.name);
    const aim = !bench.list || !pgRest ? '' : pgRest.error || !(pgRest.p95 < aimMs) ? 'MISSED' : 'met';
    process.stdout.write(
      `${bench.name.padEnd(width)}  ${cell(fmt(pgl?.rest.get(bench.name)))}${cell(fmt(pgl?.sql.get(bench.name)))}` +
        `${cell(fmt(pgRest))}${cell(fmt(pgs?.sql.get(bench.name)))}${aim}\n`,
    );
  }
  for (const figures of results.values()) {
    if (figures.importLine) process.stdout.write(`${figures.importLine}\n`);
    if (figures.feeRunLine) process.stdout.write(`${figures.feeRunLine}\n`);
    if (figures.liveCommentsLine) process.stdout.write(`${figures.liveCommentsLine}\n`);
    for (const line of figures.bookingLines ?? []) process.stdout.write(`${line}\n`);
  }
  const pdfs = Number(process.env.BENCH_INVOICE_PDFS ?? 1000);
  if (pdfs > 0) process.stdout.write(`${await timeInvoicePdfs(pdfs)}\n`);
}

const serveIndex = process.argv.indexOf('--serve');
const entry =
  serveIndex >= 0 ? serve(process.argv[serveIndex + 1] === 'postgres' ? 'postgres' : 'pglite') : main();
entry.then(
  () => {
    if (serveIndex < 0) process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`bench:schema failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
