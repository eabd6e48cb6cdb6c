// npm run bench:schema — the club schema at realistic size. Seeds the demo club with
// 10,000 members and a year of activity, signs in as its admin, and times the query behind
// every list screen and every analytics function through /rest/v1 with supabase-js, as the
// web app sends them. Prints p50 and p95 per query for the embedded database and, when
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
import { startPlatform } from '../src/platform';

const members = Number(process.env.BENCH_MEMBERS ?? 10_000);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const pgUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';

type Query = (sb: SupabaseClient, community: string) => PromiseLike<{ error: { message: string } | null }>;

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

async function measure(db: Database, engine: string): Promise<Map<string, string>> {
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
  const results = new Map<string, string>();
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
    for (const [name, run] of queries) {
      const times: number[] = [];
      let failure: string | undefined;
      for (let i = 0; i < iterations + 3 && !failure; i++) {
        const started = performance.now();
        const { error } = await run(sb, demo.community);
        const took = performance.now() - started;
        if (error) failure = error.message;
        else if (i >= 3) times.push(took);
      }
      times.sort((a, b) => a - b);
      results.set(
        name,
        failure
          ? `error: ${failure}`
          : `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)}`,
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
  process.stdout.write(
    `\n${'query'.padEnd(width)}  ${'PGlite p50 / p95 ms'.padEnd(22)}  PostgreSQL p50 / p95 ms\n`,
  );
  for (const [name] of queries) {
    process.stdout.write(
      `${name.padEnd(width)}  ${(embedded.get(name) ?? '-').padEnd(22)}  ${postgres?.get(name) ?? '-'}\n`,
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
