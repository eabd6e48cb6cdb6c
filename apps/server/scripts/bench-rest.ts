// npm run bench:rest — the data service against the database it sits on. Loads 100,000
// rows with an embedded one-to-many relation, then measures at one concurrency:
//   (a) GET /rest/v1/bench_items?select=*,bench_tags(*)&limit=50&order=id.desc over HTTP,
//   (b) the very statement (a) runs, built by the same code, sent through the same driver
//       with the same request context (one round trip on PostgreSQL), without HTTP,
//   (c) GET /health,
// and prints requests/s, p50 and p99 for each and the ratios a/b and a/c, and the CPU time
// each request cost the client, the server and the database (PostgreSQL's processes, read
// from /proc), which says where the difference between (a) and (b) goes.
// Runs on the embedded database, and on PostgreSQL too when BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) is set. The server runs in a child process (this script with
// --serve), so the HTTP client does not share the server's event loop; (b) runs in that
// child too, because the embedded database lives there, while the server sits idle.
// The HTTP client is wrk (wrk-load.ts) when it is installed, else a minimal keep-alive
// HTTP/1.1 client in Node (lean-http-client.ts): on a 2-core machine whatever the client
// spends is taken from the server and the database, and wrk spends a quarter of what the
// Node client does. (a) and (b) alternate for BENCH_ROUNDS rounds, and the figures printed
// are the medians of the rounds, so a slow spell of the machine does not land on one side.
// Knobs: BENCH_ROUNDS (7), BENCH_SECONDS (3, each (a) round with wrk), BENCH_ITERATIONS
// (6,000, each (b) round, and each (a) round with the Node client), BENCH_CONCURRENCY (8),
// BENCH_CLIENT (wrk or node), BENCH_SKIP_PGLITE=true, BENCH_CPU_PROF=<dir>,
// BENCH_NODE_FLAGS (extra Node flags for the server process).
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { Database, Queryable } from '../src/database/database';
import { defaultMigrationSources } from '../src/database/migrator';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { queryAsCaller } from '../src/database/with-request-context';
import { repoRoot, startPlatform } from '../src/platform';
import { buildRootQuery } from '../src/services/rest/build-read-sql';
import { bodySql, finalStatement } from '../src/services/rest/build-statement';
import { loadSchemaCache } from '../src/services/rest/load-schema-cache';
import { parseQueryParams } from '../src/services/rest/parse-query-params';
import { parseSelect } from '../src/services/rest/parse-select';
import { planRead } from '../src/services/rest/plan-read';
import { findRelation } from '../src/services/rest/schema-cache';
import { InlineSqlParams } from '../src/services/rest/sql-text';
import { postgresCpuMs, processCpuMs } from './bench-cpu';
import { LeanClient } from './lean-http-client';
import { runWrk, wrkAvailable } from './wrk-load';
import { withScratchDatabase } from './with-scratch-database';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 6000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const roundCount = Number(process.env.BENCH_ROUNDS ?? 7);
const clientChoice = process.env.BENCH_CLIENT;
if (clientChoice !== undefined && clientChoice !== 'wrk' && clientChoice !== 'node')
  throw new Error(`BENCH_CLIENT must be wrk or node, not ${JSON.stringify(clientChoice)}`);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
/** wrk's warm-up: as long as a round, so the first round meets optimized code and warm caches. */
const warmSeconds = Math.max(1, seconds);
const query = 'select=*,bench_tags(*)&limit=50&order=id.desc';

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(run: (worker: number) => Promise<void>, warm = true): Promise<Figures> {
  // Warm-up; the first request may meet a keep-alive socket the server has just closed.
  if (warm) for (let i = 0; i < 100; i++) await run(i % concurrency).catch(() => undefined);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next++ < iterations) {
        const t = performance.now();
        await run(worker);
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

/** The child: the server, the loaded table, and (b) on request. */
async function serve(engine: 'pglite' | 'postgres', databaseUrl: string | undefined): Promise<void> {
  const opened =
    engine === 'postgres' && databaseUrl
      ? await openPostgresDatabase({ connectionString: databaseUrl, maxConnections: 10 })
      : await openPgliteDatabase();
  const { db, counts } = counting(opened);
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
  await load(db);

  // The statement the service builds for that request, run the way the service runs it.
  const cache = await loadSchemaCache(db, ['public']);
  const relation = findRelation(cache, 'public', 'bench_items')!;
  const q = parseQueryParams(new URLSearchParams(query), false);
  const root = planRead(cache, relation, '"bench_items"', parseSelect(q.select ?? '*'), q.nodes, false);
  const built = buildRootQuery(root, '"public"."bench_items" as "bench_items"', new InlineSqlParams(), {
    limit: 50,
    offset: 0,
  });
  const sql = finalStatement([`pgrst_source as (${built.select})`], bodySql('json', false), null, null);
  const settings = {
    'app.cpr_key': 'x',
    statement_timeout: String(config.rest.statementTimeoutMs),
    transaction_read_only: 'on',
  };
  const direct = async () => {
    const result = await queryAsCaller<{ body: string }>(
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
      sql,
    );
    if (!result.rows[0]?.body) throw new Error('no body');
  };

  process.on('message', (msg: { run?: 'direct'; stop?: true; counts?: true }) => {
    if (msg.counts) {
      process.send?.({ counts: { ...counts, cpuMs: processCpuMs() } });
      return;
    }
    if (msg.stop) {
      void platform.stop().finally(() => process.exit(0));
      return;
    }
    measure(direct).then(
      (figures) => process.send?.({ figures }),
      (error: unknown) => process.send?.({ error: String(error) }),
    );
  });
  process.send?.({ url: platform.url, anonKey: platform.keys.anonKey });
}

interface Counts {
  transactions: number;
  statements: number;
  /** The server process's CPU time so far. */
  cpuMs?: number;
}

/**
 * Counts what the server sends to the database: each transaction costs two round trips
 * on PostgreSQL (BEGIN with the request context, COMMIT) besides its statements.
 */
function counting(db: Database): { db: Database; counts: Counts } {
  const counts: Counts = { transactions: 0, statements: 0 };
  const count = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      counts.statements++;
      return q.query(sql, params);
    },
    exec: (sql) => {
      counts.statements++;
      return q.exec(sql);
    },
  });
  const plain = count(db);
  return {
    counts,
    db: {
      engine: db.engine,
      query: plain.query,
      exec: plain.exec,
      transaction: (fn, prelude) => {
        counts.transactions++;
        return db.transaction((tx) => fn(count(tx)), prelude);
      },
      listen: (channel, onMessage) => db.listen(channel, onMessage),
      close: () => db.close(),
    },
  };
}

type ChildMessage =
  { url: string; anonKey: string } | { figures: Figures } | { counts: Counts } | { error: string };

function nextMessage(child: ChildProcess): Promise<ChildMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (msg) => {
      child.off('exit', onExit);
      resolve(msg as ChildMessage);
    });
  });
}

interface LoadRun {
  figures: Figures;
  /** Requests sent in the CPU window (warm-up included where it runs inside it). */
  requests: number;
  clientCpuMs: number;
}

/** The HTTP side of the benchmark: wrk when installed, else the lean Node client. */
interface LoadGenerator {
  label: string;
  /** Sends requests whose figures are thrown away (fresh sockets, JIT, caches). */
  warm(path: string, headers: Record<string, string>): Promise<void>;
  run(path: string, headers: Record<string, string>): Promise<LoadRun>;
  close(): void;
}

function wrkGenerator(baseUrl: string): LoadGenerator {
  const run = (path: string, headers: Record<string, string>, seconds: number) =>
    runWrk({ url: `${baseUrl}${path}`, headers, connections: concurrency, seconds });
  return {
    label: `wrk, ${seconds} s`,
    warm: async (path, headers) => {
      await run(path, headers, warmSeconds);
    },
    run: async (path, headers) => {
      const { requests, cpuMs, ...figures } = await run(path, headers, seconds);
      return { figures, requests, clientCpuMs: cpuMs };
    },
    close: () => undefined,
  };
}

function nodeGenerator(baseUrl: string): LoadGenerator {
  const client = new LeanClient(baseUrl);
  const send = async (worker: number, path: string, headers: Record<string, string>) => {
    const res = await client.request(worker, 'GET', path, headers);
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
  };
  return {
    label: `Node client, ${iterations} requests`,
    warm: async (path, headers) => {
      for (let i = 0; i < 100; i++) await send(i % concurrency, path, headers).catch(() => undefined);
    },
    run: async (path, headers) => {
      const before = processCpuMs();
      const figures = await measure((worker) => send(worker, path, headers), false);
      return { figures, requests: iterations, clientCpuMs: processCpuMs() - before };
    },
    close: () => client.close(),
  };
}

function chooseGenerator(baseUrl: string): LoadGenerator {
  const wanted = clientChoice;
  if (wanted === 'wrk' || (wanted === undefined && wrkAvailable())) return wrkGenerator(baseUrl);
  if (wanted === undefined)
    console.log(
      'wrk is not installed (apt-get install wrk): using the Node client, whose CPU (about 0.1 ms a request) is taken from the server and the database on a small machine',
    );
  return nodeGenerator(baseUrl);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** CPU time per phase, summed over the rounds, in ms. */
interface Cpu {
  requests: number;
  client: number;
  server: number;
  database: number | undefined;
}

async function bench(engine: 'pglite' | 'postgres', label: string, databaseUrl?: string): Promise<void> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', engine, databaseUrl ?? ''], {
    // BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_NODE_FLAGS ? process.env.BENCH_NODE_FLAGS.split(' ') : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  let load: LoadGenerator | undefined;
  try {
    const ready = await nextMessage(child);
    if (!('url' in ready)) throw new Error(`server failed: ${JSON.stringify(ready)}`);
    const path = `/rest/v1/bench_items?${query}`;
    const headers = { apikey: ready.anonKey };
    const check = await fetch(`${ready.url}${path}`, { headers });
    const rows = (await check.json()) as unknown[];
    if (check.status !== 200 || rows.length !== 50) throw new Error(`unexpected answer ${check.status}`);
    load = chooseGenerator(ready.url);

    const counted = async (): Promise<Counts> => {
      child.send({ counts: true });
      const reply = await nextMessage(child);
      if (!('counts' in reply)) throw new Error('no counts');
      return reply.counts;
    };
    const databaseCpu = () => (engine === 'postgres' ? postgresCpuMs() : undefined);
    /** Runs one phase and adds its CPU to `cpu`. */
    const phase = async (cpu: Cpu, run: () => Promise<LoadRun>) => {
      const server = (await counted()).cpuMs!;
      const database = databaseCpu();
      const result = await run();
      cpu.server += (await counted()).cpuMs! - server;
      if (database !== undefined) cpu.database = (cpu.database ?? 0) + databaseCpu()! - database;
      cpu.client += result.clientCpuMs;
      cpu.requests += result.requests;
      return result.figures;
    };
    const direct = async (): Promise<LoadRun> => {
      child.send({ run: 'direct' });
      const answer = await nextMessage(child);
      if (!('figures' in answer)) throw new Error(`direct run failed: ${JSON.stringify(answer)}`);
      return { figures: answer.figures, requests: iterations + 100, clientCpuMs: 0 };
    };
    const fresh = (): Cpu => ({ requests: 0, client: 0, server: 0, database: undefined });

    await load.warm(path, headers);
    const before = await counted();
    const cpuA = fresh();
    const cpuB = fresh();
    const rounds: { a: Figures; b: Figures }[] = [];
    for (let round = 0; round < roundCount; round++) {
      const a = await phase(cpuA, () => load!.run(path, headers));
      if (round === 0) {
        const after = await counted();
        const requests = cpuA.requests;
        const per = (n: number) => (n / requests).toFixed(2);
        const tx = after.transactions - before.transactions;
        const st = after.statements - before.statements;
        console.log(`\n${label} — concurrency ${concurrency}; (a) by ${load.label}; (b) ${iterations} calls`);
        console.log(
          `(a) per request: ${per(tx)} transactions, ${per(st)} statements → ${per(2 * tx + st)} round trips on PostgreSQL`,
        );
      }
      const b = await phase(cpuB, direct);
      rounds.push({ a, b });
      console.log(
        `round ${round + 1}: (a) ${a.perSecond.toFixed(0)}/s p50 ${a.p50.toFixed(2)} ms   (b) ${b.perSecond.toFixed(0)}/s p50 ${b.p50.toFixed(2)} ms   a/b p50 ${(a.p50 / b.p50).toFixed(2)}`,
      );
    }
    await load.warm('/health', {});
    const cpuC = fresh();
    const c = await phase(cpuC, () => load!.run('/health', {}));

    const mid = (pick: (f: Figures) => number, of: 'a' | 'b'): number =>
      median(rounds.map((r) => pick(r[of])));
    const medianOf = (of: 'a' | 'b'): Figures => ({
      perSecond: mid((f) => f.perSecond, of),
      p50: mid((f) => f.p50, of),
      p99: mid((f) => f.p99, of),
    });
    const a = medianOf('a');
    const b = medianOf('b');
    const line = (name: string, f: Figures) =>
      `${name.padEnd(34)} ${f.perSecond.toFixed(0).padStart(8)} req/s   p50 ${f.p50.toFixed(2).padStart(7)} ms   p99 ${f.p99.toFixed(2).padStart(7)} ms`;
    const ratios = rounds.map((r) => r.a.p50 / r.b.p50);
    console.log(rounds.length > 1 ? `medians of ${rounds.length} rounds:` : '');
    console.log(line('(a) GET select=*,child(*) HTTP', a));
    console.log(line('(b) same statement, no HTTP', b));
    console.log(line('(c) GET /health', c));
    console.log(
      `a/b p50 ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')})   a/b p99 ${(a.p99 / b.p99).toFixed(2)}   b/a req/s ${(b.perSecond / a.perSecond).toFixed(2)}`,
    );
    console.log(
      `a/c p50 ${(a.p50 / c.p50).toFixed(2)}   a/c p99 ${(a.p99 / c.p99).toFixed(2)}   c/a req/s ${(c.perSecond / a.perSecond).toFixed(2)}`,
    );
    // CPU per request; (b) ran in the server process, so its driver work counts as server.
    const ms = (n: number | undefined, cpu: Cpu) =>
      n === undefined ? '  n/a' : (n / cpu.requests).toFixed(3);
    const total = (cpu: Cpu) => cpu.client + cpu.server + (cpu.database ?? 0);
    const where = engine === 'pglite' ? ' (the embedded database runs inside the server)' : '';
    console.log(`CPU per request, ms — client / server / database${where}:`);
    console.log(
      `  (a) ${ms(cpuA.client, cpuA)} / ${ms(cpuA.server, cpuA)} / ${ms(cpuA.database, cpuA)}   total ${ms(total(cpuA), cpuA)}`,
    );
    const ratio = total(cpuA) / cpuA.requests / (total(cpuB) / cpuB.requests);
    console.log(
      `  (b)     – / ${ms(cpuB.server, cpuB)} / ${ms(cpuB.database, cpuB)}   total ${ms(total(cpuB), cpuB)}   a/b ${ratio.toFixed(2)}`,
    );
    console.log(
      `  (c) ${ms(cpuC.client, cpuC)} / ${ms(cpuC.server, cpuC)} / ${ms(cpuC.database, cpuC)}   total ${ms(total(cpuC), cpuC)}`,
    );
  } finally {
    if (child.connected) child.send({ stop: true });
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    load?.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (process.env.BENCH_SKIP_PGLITE !== 'true') await bench('pglite', 'PGlite (embedded)');
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    console.log('\n(set BENCH_DATABASE_URL to measure PostgreSQL as well)');
    return;
  }
  await withScratchDatabase(baseUrl, 'bench_rest', (url) => bench('postgres', 'PostgreSQL', url));
}

const serveAt = process.argv.indexOf('--serve');
const run =
  serveAt >= 0
    ? serve(
        process.argv[serveAt + 1] === 'postgres' ? 'postgres' : 'pglite',
        process.argv[serveAt + 2] || undefined,
      )
    : main();
run.catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  if (serveAt >= 0) process.exit(1);
});
