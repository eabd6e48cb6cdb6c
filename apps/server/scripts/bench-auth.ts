// npm run bench:auth — the auth service's hot paths over HTTP against a server running in
// a child process (client and server never share an event loop), next to their bare
// costs measured in the same run at the same concurrency:
//   the password grant       against one bcrypt compare (cost 10),
//   the refresh grant        against one ES256 sign+verify plus one indexed select
//   and GET /user            through the same database driver (and, for context, the
//                            refresh grant against sign+verify plus one committed write),
// with requests/s, p50, p99, the ratios, and the SQL statements the server sent per
// request (round trips: BEGIN and COMMIT count, a query text of several statements sent
// as one message counts once).
// The server gets the platform migrations only, so no access-token hook runs; set
// BENCH_HOOK=club to apply the club's migrations too, whose hook adds the memberships claim.
// The embedded database by default; PostgreSQL when BENCH_DATABASE_URL is set (a fresh
// database is created on that server and dropped afterwards).
// The client is a minimal keep-alive HTTP/1.1 load generator (lean-http-client.ts), one
// connection per worker; each server line also shows the CPU a request cost the client,
// the server process and PostgreSQL.
// Knobs: BENCH_CONCURRENCY (4), BENCH_ITERATIONS (1000), BENCH_PASSWORD_ITERATIONS (160).
// The last line is JSON: {"refresh_ratio": n, "user_ratio": n}, the p50 ratios of the refresh
// grant to the bare sign+verify+write and of GET /user to the bare sign+verify+select.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, verify } from '@node-rs/bcrypt';
import pg from 'pg';
import pino from 'pino';
import { loadKeys } from '../src/access/keys';
import { signJwt, verifyJwt } from '../src/access/jwt';
import { loadConfig } from '../src/config';
import type { Database, Queryable } from '../src/database/database';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openDatabase } from '../src/database/open-database';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { repoRoot, startPlatform } from '../src/platform';
import { postgresCpuMs, processCpuMs } from './bench-cpu';
import { LeanClient } from './lean-http-client';

const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 1000);
const passwordIterations = Number(process.env.BENCH_PASSWORD_ITERATIONS ?? 160);
const withClubHook = process.env.BENCH_HOOK === 'club';

function migrationSources() {
  const all = defaultMigrationSources(repoRoot);
  return withClubHook ? all : all.filter((source) => source.ledger === 'platform');
}

// ---------------------------------------------------------------------------------------
// The child: the platform on a database whose statements are counted.

interface ServerReady {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

function counting(db: Database, counter: { statements: number }): Database {
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      counter.statements += 1;
      return q.query(sql, params);
    },
    exec: (sql) => {
      counter.statements += 1;
      return q.exec(sql);
    },
  });
  return {
    ...wrap(db),
    engine: db.engine,
    // BEGIN (with its prelude) and COMMIT are a round trip each.
    transaction: (fn, prelude) => {
      counter.statements += 2;
      return db.transaction((tx) => fn(wrap(tx)), prelude);
    },
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: () => db.close(),
  };
}

async function serve(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: process.env.BENCH_DATA_DIR,
    DATABASE_URL: process.env.BENCH_SERVER_DATABASE_URL ?? '',
    CPR_ENCRYPTION_KEY: 'bench-cpr-key-0123456789',
    DEMO_DATA: 'false',
  });
  const counter = { statements: 0 };
  const db = counting(
    await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }),
    counter,
  );
  const platform = await startPlatform({
    config,
    logger: pino({ level: 'silent' }),
    db,
    migrationSources: migrationSources(),
    scheduledJobs: false,
    webDir: '/nonexistent/club-platform-web',
  });
  process.on('message', (message) => {
    if (message === 'count') process.send?.({ statements: counter.statements, cpuMs: processCpuMs() });
  });
  process.on('SIGTERM', () => {
    void platform.stop().finally(() => process.exit(0));
  });
  const ready: ServerReady = {
    url: platform.url,
    anonKey: platform.keys.anonKey,
    serviceRoleKey: platform.keys.serviceRoleKey,
  };
  process.send?.({ ready });
}

// ---------------------------------------------------------------------------------------
// The parent: the client and the bare baselines.

interface Figures {
  perSecond: number;
  p50: number;
  p99: number;
  statementsPerRequest?: number;
  /** CPU ms per request in the client (this process), the server and PostgreSQL's processes. */
  cpu?: { client: number; server: number; database: number | undefined };
}

let client: LeanClient | undefined;

/** One request of the load generator; each worker keeps its own keep-alive connection. */
async function request(
  worker: number,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  client ??= new LeanClient(target.origin);
  const res = await client.request(worker, method, target.pathname + target.search, headers, body);
  return { status: res.status, text: res.body.toString() };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Runs `count` operations at the fixed concurrency, each worker with its own index. */
async function measure(count: number, run: (worker: number) => Promise<void>): Promise<Figures> {
  for (let w = 0; w < concurrency; w++) for (let i = 0; i < 5; i++) await run(w);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      while (next++ < count) {
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

function askCount(child: ChildProcess): Promise<{ statements: number; cpuMs: number }> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      const m = message as { statements?: number; cpuMs?: number };
      if (typeof m.statements === 'number' && typeof m.cpuMs === 'number') {
        child.off('message', onMessage);
        resolve({ statements: m.statements, cpuMs: m.cpuMs });
      }
    };
    child.on('message', onMessage);
    child.send('count');
  });
}

/**
 * Measures an HTTP path: the statements the server sent for it, and the CPU time each
 * request cost this client, the server process and the database (PostgreSQL only).
 */
async function measureServer(
  child: ChildProcess,
  count: number,
  run: (worker: number) => Promise<void>,
): Promise<Figures> {
  const before = await askCount(child);
  const clientBefore = processCpuMs();
  const databaseBefore = postgresCpuMs();
  const warmups = concurrency * 5;
  const figures = await measure(count, run);
  const databaseAfter = postgresCpuMs();
  const clientAfter = processCpuMs();
  const after = await askCount(child);
  const requests = count + warmups;
  return {
    ...figures,
    statementsPerRequest: (after.statements - before.statements) / requests,
    cpu: {
      client: (clientAfter - clientBefore) / requests,
      server: (after.cpuMs - before.cpuMs) / requests,
      database:
        databaseBefore === undefined || databaseAfter === undefined
          ? undefined
          : (databaseAfter - databaseBefore) / requests,
    },
  };
}

function row(name: string, f: Figures, base?: Figures): string {
  const ratios = base
    ? `p50 ${(f.p50 / base.p50).toFixed(2).padStart(6)}×  throughput ${(base.perSecond / f.perSecond).toFixed(2).padStart(6)}×`
    : ''.padEnd(34);
  const statements =
    f.statementsPerRequest === undefined ? '' : `  ${f.statementsPerRequest.toFixed(2)} stmt/req`;
  const cpu = f.cpu
    ? `  CPU ms ${f.cpu.client.toFixed(2)}/${f.cpu.server.toFixed(2)}/${f.cpu.database === undefined ? '–' : f.cpu.database.toFixed(2)}`
    : '';
  return `${name.padEnd(38)} ${f.perSecond.toFixed(0).padStart(7)}/s  p50 ${f.p50.toFixed(2).padStart(7)} ms  p99 ${f.p99.toFixed(2).padStart(7)} ms  ${ratios}${statements}${cpu}`;
}

/** A second handle on the benchmark database for the bare indexed select. */
async function baselineDatabase(serverUrl: string | undefined): Promise<Database> {
  if (serverUrl) return openPostgresDatabase({ connectionString: serverUrl, maxConnections: concurrency });
  // The embedded database cannot be opened by two processes: the bare select runs on a
  // second embedded instance with the same platform schema, in this process.
  const db = await openPgliteDatabase();
  await migrate(db, migrationSources());
  return db;
}

async function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: ServerReady }> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    execArgv: ['--import', 'tsx', ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.on('message', (message) => {
      const m = message as { ready?: ServerReady };
      if (m.ready) resolve(m.ready);
    });
    child.once('exit', (code) => reject(new Error(`benchmark server exited with ${code}`)));
  });
  return { child, ready };
}

async function main(): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auth-'));
  let serverDbUrl: string | undefined;
  let dbName: string | undefined;
  if (baseUrl) {
    dbName = `bench_auth_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    serverDbUrl = url.toString();
  }
  const { child, ready } = await startServer({
    BENCH_DATA_DIR: dataDir,
    ...(serverDbUrl ? { BENCH_SERVER_DATABASE_URL: serverDbUrl } : {}),
  });
  const baseline = await baselineDatabase(serverDbUrl);
  try {
    const base = `${ready.url}/auth/v1`;
    const json = { apikey: ready.anonKey, 'content-type': 'application/json' };
    const email = 'bench@example.test';
    const password = 'bench-password-123';
    const created = await request(
      0,
      `${base}/admin/users`,
      'POST',
      { ...json, authorization: `Bearer ${ready.serviceRoleKey}` },
      JSON.stringify({ email, password, email_confirm: true }),
    );
    if (created.status !== 200) throw new Error(`creating the bench user: ${created.status} ${created.text}`);
    const userId = (JSON.parse(created.text) as { id: string }).id;
    const signIn = async (worker: number) => {
      const res = await request(
        worker,
        `${base}/token?grant_type=password`,
        'POST',
        json,
        JSON.stringify({ email, password }),
      );
      if (res.status !== 200) throw new Error(`password grant ${res.status} ${res.text}`);
      return JSON.parse(res.text) as { access_token: string; refresh_token: string };
    };

    // Bare costs, in this process, at the same concurrency.
    const stored = await hash(password, { cost: 10 });
    const bcrypt = await measure(passwordIterations, async () => {
      if (!(await verify(password, stored))) throw new Error('bcrypt mismatch');
    });
    const keys = await loadKeys({
      dataDir: undefined,
      algorithm: 'ES256',
      jwtSecret: undefined,
      anonKey: undefined,
      serviceRoleKey: undefined,
      cprKey: 'bench-cpr-key-0123456789',
    });
    if (baseline.engine === 'pglite') {
      await baseline.query(
        `insert into auth.users (instance_id, id, aud, role, email, created_at, updated_at, is_anonymous)
         values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, now(), now(), false)`,
        [userId, email],
      );
    }
    const jwtAndQuery = await measure(iterations, async () => {
      const token = await signJwt(keys, { sub: userId, role: 'authenticated' }, 3600);
      await verifyJwt(keys, token);
      const { rows } = await baseline.query('select * from auth.users where id = $1', [userId]);
      if (rows.length !== 1) throw new Error('indexed select found nothing');
    });

    // For context: the refresh grant must commit a write, which a select does not (on
    // PostgreSQL that is a WAL flush). One committed single-row upsert, same driver.
    let writes = 0;
    const jwtAndWrite = await measure(iterations, async () => {
      const token = await signJwt(keys, { sub: userId, role: 'authenticated' }, 3600);
      await verifyJwt(keys, token);
      writes += 1;
      await baseline.query(
        `insert into auth.rate_limit_counters (bucket, window_start, expires_at, hits)
         values ($1, now(), now(), 1)
         on conflict (bucket) do update set hits = auth.rate_limit_counters.hits + 1`,
        [`bench:${writes % 64}`],
      );
    });

    // The server.
    const health = await measureServer(child, iterations, async (worker) => {
      const res = await request(worker, `${base}/health`, 'GET', {});
      if (res.status !== 200) throw new Error(`health ${res.status}`);
    });
    const passwordGrant = await measureServer(child, passwordIterations, async (worker) => {
      await signIn(worker);
    });
    const sessions = await Promise.all(Array.from({ length: concurrency }, (_, worker) => signIn(worker)));
    const refreshTokens = sessions.map((s) => s.refresh_token);
    const refreshGrant = await measureServer(child, iterations, async (worker) => {
      const res = await request(
        worker,
        `${base}/token?grant_type=refresh_token`,
        'POST',
        json,
        JSON.stringify({ refresh_token: refreshTokens[worker] }),
      );
      if (res.status !== 200) throw new Error(`refresh grant ${res.status} ${res.text}`);
      refreshTokens[worker] = (JSON.parse(res.text) as { refresh_token: string }).refresh_token;
    });
    const getUser = await measureServer(child, iterations, async (worker) => {
      const res = await request(worker, `${base}/user`, 'GET', {
        apikey: ready.anonKey,
        authorization: `Bearer ${sessions[worker]!.access_token}`,
      });
      if (res.status !== 200) throw new Error(`GET /user ${res.status} ${res.text}`);
    });

    const engine = serverDbUrl ? 'PostgreSQL' : 'PGlite (embedded)';
    const migrations = withClubHook
      ? 'platform and club migrations (the club access-token hook runs on every token)'
      : 'platform migrations only (no access-token hook)';
    console.log(`auth benchmark on ${engine}, ${migrations}`);
    console.log(
      `server in a child process, keep-alive client at concurrency ${concurrency}, load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('ratios: p50 against the bare figure, and bare requests/s over server requests/s');
    console.log(
      'CPU ms per request: client / server / database (PostgreSQL processes; in the server on PGlite)',
    );
    console.log(row('bcrypt compare (cost 10), bare', bcrypt));
    console.log(row('POST /token password grant', passwordGrant, bcrypt));
    console.log(row('ES256 sign+verify + indexed select, bare', jwtAndQuery));
    console.log(row('POST /token refresh grant', refreshGrant, jwtAndQuery));
    console.log(row('ES256 sign+verify + committed upsert, bare', jwtAndWrite));
    console.log(row('POST /token refresh grant (vs the write)', refreshGrant, jwtAndWrite));
    console.log(row('GET /user', getUser, jwtAndQuery));
    console.log(row('GET /health (the HTTP floor)', health, jwtAndQuery));
    // The last line, for scripts: the p50 ratios of issue #40 (decision 1082), the refresh
    // grant against sign+verify plus a committed write and GET /user against sign+verify
    // plus an indexed select.
    const ratio = (f: Figures, base: Figures) => Number((f.p50 / base.p50).toFixed(2));
    console.log(
      JSON.stringify({
        refresh_ratio: ratio(refreshGrant, jwtAndWrite),
        user_ratio: ratio(getUser, jwtAndQuery),
      }),
    );
  } finally {
    client?.close();
    await baseline.close();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (baseUrl && dbName) {
      const admin = new pg.Client({ connectionString: baseUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
