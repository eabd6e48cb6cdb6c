// npm run bench:rest — the data service against the database it sits on. Loads 100,000
// rows with an embedded one-to-many relation, then measures at one concurrency:
//   (a) GET /rest/v1/bench_items?select=*,bench_tags(*)&limit=50&order=id.desc over HTTP,
//   (b) the very statement (a) runs, built by the same code, sent through the same driver
//       in the same request-context transaction, without HTTP,
//   (c) GET /health,
// and prints requests/s, p50 and p99 for each and the ratios a/b and a/c.
// Runs on the embedded database, and on PostgreSQL too when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) is set. The server runs in this process, as the tests run it.
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { defaultMigrationSources } from '../src/database/migrator';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { withRequestContext } from '../src/database/with-request-context';
import { repoRoot, startPlatform } from '../src/platform';
import { buildRootQuery } from '../src/services/rest/build-read-sql';
import { bodySql, finalStatement } from '../src/services/rest/build-statement';
import { loadSchemaCache } from '../src/services/rest/load-schema-cache';
import { parseQueryParams } from '../src/services/rest/parse-query-params';
import { parseSelect } from '../src/services/rest/parse-select';
import { planRead } from '../src/services/rest/plan-read';
import { findRelation } from '../src/services/rest/schema-cache';
import { SqlParams } from '../src/services/rest/sql-text';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const query = 'select=*,bench_tags(*)&limit=50&order=id.desc';

// A plain keep-alive HTTP client: fetch's stream machinery would cost more CPU than the
// server under test, and the client shares this process with it.
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function get(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(run: () => Promise<void>): Promise<Figures> {
  // Warm-up; the first request may meet a keep-alive socket the server has just closed.
  for (let i = 0; i < 100; i++) await run().catch(() => undefined);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < iterations) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function load(db: Database): Promise<void> {
  await db.exec(`
    create table public.bench_items (id bigint primary key, name text not null, price integer not null, created_at timestamptz not null);
    create table public.bench_tags (id bigint primary key, item_id bigint not null references public.bench_items (id), label text not null);
    create index on public.bench_tags (item_id);
    insert into public.bench_items select g, 'item ' || g, g % 10000, '2026-01-01T00:00:00Z'::timestamptz + g * interval '1 minute'
      from generate_series(1, 100000) g;
    insert into public.bench_tags select g, 1 + (g % 100000), 'tag ' || g from generate_series(1, 200000) g;
    analyze public.bench_items;
    analyze public.bench_tags;
    grant select on public.bench_items, public.bench_tags to anon;
  `);
}

async function bench(engine: string, db: Database): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data-bench-unused',
    DEMO_DATA: 'false',
    CPR_ENCRYPTION_KEY: crypto.randomBytes(16).toString('hex'),
  });
  const platform = await startPlatform({
    config,
    logger: pino({ level: 'silent' }),
    db,
    inMemoryKeys: true,
    migrationSources: defaultMigrationSources(repoRoot).filter((s) => s.ledger === 'platform'),
  });
  try {
    await load(db);
    const url = `${platform.url}/rest/v1/bench_items?${query}`;
    const headers = { apikey: platform.keys.anonKey };
    const check = await fetch(url, { headers });
    const rows = (await check.json()) as unknown[];
    if (check.status !== 200 || rows.length !== 50) throw new Error(`unexpected answer ${check.status}`);

    // The statement the service builds for that request, run the way the service runs it.
    const cache = await loadSchemaCache(db, ['public']);
    const relation = findRelation(cache, 'public', 'bench_items')!;
    const q = parseQueryParams(new URLSearchParams(query), false);
    const root = planRead(cache, relation, '"bench_items"', parseSelect(q.select ?? '*'), q.nodes, false);
    const params = new SqlParams();
    const built = buildRootQuery(root, '"public"."bench_items" as "bench_items"', params, {
      limit: 50,
      offset: 0,
    });
    const sql = finalStatement([`pgrst_source as (${built.select})`], bodySql('json', false), null, null);
    const settings = {
      'app.cpr_key': 'x',
      statement_timeout: String(config.rest.statementTimeoutMs),
      transaction_read_only: 'on',
    };
    const direct = () =>
      withRequestContext(
        db,
        {
          role: 'anon',
          claims: { role: 'anon' },
          method: 'GET',
          path: '/bench_items',
          headers: {},
          searchPath: ['public', 'extensions'],
          settings,
        },
        (tx) => tx.query(sql, params.values),
      ).then(() => undefined);

    const a = await measure(async () => {
      if ((await get(url, headers)) !== 200) throw new Error('read failed');
    });
    const b = await measure(direct);
    const c = await measure(async () => {
      if ((await get(`${platform.url}/health`)) !== 200) throw new Error('health failed');
    });
    const line = (label: string, f: Figures) =>
      `${label.padEnd(34)} ${f.perSecond.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms`;
    console.log(`\n${engine} — ${iterations} requests, concurrency ${concurrency}`);
    console.log(line('(a) GET select=*,child(*) HTTP', a));
    console.log(line('(b) same statement, no HTTP', b));
    console.log(line('(c) GET /health', c));
    console.log(
      `a/b p50 ${(a.p50 / b.p50).toFixed(2)}   a/b p99 ${(a.p99 / b.p99).toFixed(2)}   b/a req/s ${(b.perSecond / a.perSecond).toFixed(2)}`,
    );
    console.log(
      `a/c p50 ${(a.p50 / c.p50).toFixed(2)}   a/c p99 ${(a.p99 / c.p99).toFixed(2)}   c/a req/s ${(c.perSecond / a.perSecond).toFixed(2)}`,
    );
  } finally {
    await platform.stop();
  }
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_PGLITE !== 'true') await bench('PGlite (embedded)', await openPgliteDatabase());
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.log('\n(set BENCH_DATABASE_URL to measure PostgreSQL as well)');
    return;
  }
  const name = `bench_rest_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    await bench(
      'PostgreSQL',
      await openPostgresDatabase({ connectionString: target.toString(), maxConnections: 10 }),
    );
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
