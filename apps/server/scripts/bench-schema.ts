// npm run bench:schema — the club schema at realistic size. Seeds the demo club with
// 10,000 members and a year of activity, signs in as its admin, and times the query behind
// every list screen and every analytics function through /rest/v1 with supabase-js, as the
// web app sends them, and the same reads as SQL in the request context (the database's
// share). Prints p50 and p95 per query for the embedded database and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set (or the local cluster answers), PostgreSQL.
import crypto from 'node:crypto';
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

const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';

type Query = (sb: SupabaseClient, community: string) => PromiseLike<{ error: { message: string } | null }>;

// The same reads as plain SQL in the caller's request context: the database's share of each
// request, without HTTP, the gateway and PostgREST's planning and JSON rendering.
const sqlOf: Record<string, string> = {
  'events list': `select e.id, e.title, e.starts_at, e.status, e.visibility, e.location,
    (select json_agg(json_build_object('id', t.id, 'participant_limit', t.participant_limit, 'price_ore', t.price_ore))
     from tickets t where t.event_id = e.id), count(*) over () from events e where e.community_id = $1
    order by e.starts_at desc limit 25`,
  'news list': `select id, title, status, release_at, published_at, visibility, allow_comments, count(*) over ()
    from news_posts where community_id = $1 order by created_at desc limit 25`,
  'groups list': `select id, title, visibility, archived, price_ore, payment_frequency, cover_image_path from groups
    where community_id = $1 and archived = false order by title`,
  'members list': `select id, mid, full_name, email, phone, cpr_masked, status, count(*) over () from members
    where community_id = $1 order by last_name, first_name limit 50`,
  'members search': `select id, mid, full_name, email, phone, cpr_masked, status, count(*) over () from members
    where community_id = $1 and full_name ilike '%jens%' order by last_name limit 50`,
  'member lookup rpc': `select * from lookup_members($1, 'Mette')`,
  'bookings list': `select id, starts_at, ends_at, status, price_ore, product_id, member_id, count(*) over () from bookings
    where community_id = $1 order by starts_at desc limit 50`,
  'orders list': `select id, product_name, status, amount_ore, created_at, member_id, count(*) over () from orders
    where community_id = $1 order by created_at desc limit 50`,
  'invoices list': `select id, number, status, total_ore, vat_ore, due_on, account_id, count(*) over () from invoices
    where community_id = $1 order by created_at desc limit 50`,
  'analytics: members over time': `select * from analytics_members_over_time($1, current_date - 365, current_date, 'month')`,
  'analytics: event attendance': `select * from analytics_event_attendance($1, current_date - 365, current_date)`,
  'analytics: booking utilisation': `select * from analytics_booking_utilisation($1, current_date - 365, current_date)`,
  'analytics: group growth': `select * from analytics_group_growth($1, current_date - 365, current_date, 'month')`,
};

const yearAgo = new Date(Date.now() - 365 * 86400000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);
const range = { p_from: yearAgo, p_to: today };

const queries: [string, Query][] = [
  [
    'events list',
    (sb, c) =>
      sb
        .from('events')
        .select('id,title,starts_at,status,visibility,location,tickets(id,participant_limit,price_ore)', {
          count: 'exact',
        })
        .eq('community_id', c)
        .order('starts_at', { ascending: false })
        .range(0, 24),
  ],
  [
    'news list',
    (sb, c) =>
      sb
        .from('news_posts')
        .select('id,title,status,release_at,published_at,visibility,allow_comments', { count: 'exact' })
        .eq('community_id', c)
        .order('created_at', { ascending: false })
        .range(0, 24),
  ],
  [
    'groups list',
    (sb, c) =>
      sb
        .from('groups')
        .select('id,title,visibility,archived,price_ore,payment_frequency,cover_image_path')
        .eq('community_id', c)
        .eq('archived', false)
        .order('title'),
  ],
  [
    'members list',
    (sb, c) =>
      sb
        .from('members')
        .select('id,mid,full_name,email,phone,cpr_masked,status', { count: 'exact' })
        .eq('community_id', c)
        .order('last_name')
        .order('first_name')
        .range(0, 49),
  ],
  [
    'members search',
    (sb, c) =>
      sb
        .from('members')
        .select('id,mid,full_name,email,phone,cpr_masked,status', { count: 'exact' })
        .eq('community_id', c)
        .ilike('full_name', '%jens%')
        .order('last_name')
        .range(0, 49),
  ],
  ['member lookup rpc', (sb, c) => sb.rpc('lookup_members', { p_community_id: c, p_query: 'Mette' })],
  [
    'bookings list',
    (sb, c) =>
      sb
        .from('bookings')
        .select('id,starts_at,ends_at,status,price_ore,product_id,member_id', { count: 'exact' })
        .eq('community_id', c)
        .order('starts_at', { ascending: false })
        .range(0, 49),
  ],
  [
    'orders list',
    (sb, c) =>
      sb
        .from('orders')
        .select('id,product_name,status,amount_ore,created_at,member_id', { count: 'exact' })
        .eq('community_id', c)
        .order('created_at', { ascending: false })
        .range(0, 49),
  ],
  [
    'invoices list',
    (sb, c) =>
      sb
        .from('invoices')
        .select('id,number,status,total_ore,vat_ore,due_on,account_id', { count: 'exact' })
        .eq('community_id', c)
        .order('created_at', { ascending: false })
        .range(0, 49),
  ],
  [
    'analytics: members over time',
    (sb, c) => sb.rpc('analytics_members_over_time', { p_community_id: c, ...range, p_bucket: 'month' }),
  ],
  [
    'analytics: event attendance',
    (sb, c) => sb.rpc('analytics_event_attendance', { p_community_id: c, ...range }),
  ],
  [
    'analytics: booking utilisation',
    (sb, c) => sb.rpc('analytics_booking_utilisation', { p_community_id: c, ...range }),
  ],
  [
    'analytics: group growth',
    (sb, c) => sb.rpc('analytics_group_growth', { p_community_id: c, ...range, p_bucket: 'month' }),
  ],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeIt(run: () => PromiseLike<{ error: { message: string } | null }>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < iterations + 3; i++) {
    const started = performance.now();
    const { error } = await run();
    if (error) return `error: ${error.message}`;
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`;
}

interface Figures {
  rest: Map<string, string>;
  sql: Map<string, string>;
}

async function measure(db: Database, engine: string): Promise<Figures> {
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
  const results: Figures = { rest: new Map(), sql: new Map() };
  try {
    const demo = await seedDemo(db, { members, cprKey: platform.keys.cprKey });
    process.stdout.write(
      `${engine}: seeded ${demo.counts.members} members in ${(demo.millis / 1000).toFixed(1)} s\n`,
    );
    const sb = createClient(platform.url, platform.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const signIn = await sb.auth.signInWithPassword({ email: demo.adminEmail, password: demo.adminPassword });
    if (signIn.error) throw new Error(`admin sign-in failed: ${signIn.error.message}`);
    const context = {
      role: 'authenticated',
      claims: { sub: signIn.data.user!.id, role: 'authenticated' },
      settings: { 'app.cpr_key': platform.keys.cprKey },
    };
    for (const [name, run] of queries) {
      results.rest.set(name, await timeIt(() => run(sb, demo.community)));
      const sql = sqlOf[name]!;
      results.sql.set(
        name,
        await timeIt(() =>
          withRequestContext(db, context, (tx) => tx.query(sql, [demo.community])).then(
            () => ({ error: null }),
            (error: unknown) => ({
              error: { message: error instanceof Error ? error.message : String(error) },
            }),
          ),
        ),
      );
    }
  } finally {
    await platform.stop();
  }
  return results;
}

async function withPostgres<T>(fn: (db: Database) => Promise<T>): Promise<T | undefined> {
  const name = `bench_schema_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
  } catch {
    process.stdout.write(`PostgreSQL at ${pgUrl} does not answer; measuring the embedded database only.\n`);
    return undefined;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(await openPostgresDatabase({ connectionString: url.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main(): Promise<void> {
  process.stdout.write(
    `bench:schema — ${members} members, ${iterations} timed requests per query, admin over /rest/v1\n`,
  );
  const embedded = await measure(await openPgliteDatabase(), 'PGlite');
  const postgres = await withPostgres((db) => measure(db, 'PostgreSQL'));
  const width = Math.max(...queries.map(([n]) => n.length));
  const cell = (v: string | undefined) => (v ?? '-').padEnd(16);
  process.stdout.write(
    `\np50 / p95 in ms; "REST" is the supabase-js request to /rest/v1, "SQL" the same read run directly in the request context\n` +
      `${'query'.padEnd(width)}  ${cell('PGlite REST')}${cell('PGlite SQL')}${cell('PostgreSQL REST')}${cell('PostgreSQL SQL')}\n`,
  );
  for (const [name] of queries) {
    process.stdout.write(
      `${name.padEnd(width)}  ${cell(embedded.rest.get(name))}${cell(embedded.sql.get(name))}` +
        `${cell(postgres?.rest.get(name))}${cell(postgres?.sql.get(name))}\n`,
    );
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`bench:schema failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
