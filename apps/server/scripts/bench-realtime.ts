// npm run bench:realtime — realtime delivery figures on PGlite and PostgreSQL.
//   broadcast: SOCKETS websockets (protocol 2.0.0) join one channel; one more socket sends
//   broadcasts carrying their send time; every receiver records the delay. Paced rounds give
//   the latency percentiles; a burst gives deliveries per second.
//   changes: CHANGE_SUBSCRIBERS sockets subscribe to INSERTs on a published table; rows are
//   inserted one at a time and the delay from issuing the INSERT (so including its commit)
//   to each delivery is recorded — once for anon subscribers on a plain table, once for
//   subscribers with distinct user tokens on an RLS table (one row look-up per user per change).
//   writes: WRITE_ROWS single-row inserts into an unpublished table and into a published table
//   nobody subscribes to (the capture trigger's cost when unwatched).
// Knobs: SOCKETS, ROUNDS, PACE_MS, BURST, CHANGE_SUBSCRIBERS, INSERTS, WRITE_ROWS, ENGINES.
// The server runs in a child process (this script with --serve) and the clients here, so
// each has a core; times are absolute (timeOrigin + now) so they compare across processes.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local cluster.
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { signJwt } from '../src/access/jwt';
import { startPlatform } from '../src/platform';

const clock = () => performance.timeOrigin + performance.now();

interface ServerHandle {
  url: string;
  anonKey: string;
  child: ChildProcess;
  /** Runs a command in the server process: insert, exec, tokens, writes or stop. */
  call(msg: Record<string, unknown>): Promise<unknown>;
  stop(): Promise<void>;
}

const sockets = Number(process.env.SOCKETS ?? 1000);
const changeSubscribers = Number(process.env.CHANGE_SUBSCRIBERS ?? 100);
const pacedRounds = Number(process.env.ROUNDS ?? 30);
const pacedEveryMs = Number(process.env.PACE_MS ?? 100);
const burst = Number(process.env.BURST ?? 200);
const inserts = Number(process.env.INSERTS ?? 50);
const writeRows = Number(process.env.WRITE_ROWS ?? 2000);
const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Client {
  ws: WebSocket;
  onFrame: (frame: unknown[]) => void;
}

async function openClient(url: string, apikey: string): Promise<Client> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`);
  const client: Client = { ws, onFrame: () => undefined };
  ws.on('message', (data, isBinary) => {
    if (!isBinary) client.onFrame(JSON.parse(String(data)) as unknown[]);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

async function join(
  client: Client,
  topic: string,
  config: Record<string, unknown>,
  accessToken?: string,
): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('join timed out')), 10_000);
    client.onFrame = (frame) => {
      if (frame[1] === 'join' && frame[3] === 'phx_reply') {
        clearTimeout(timer);
        const status = (frame[4] as { status: string }).status;
        if (status === 'ok') resolve();
        else reject(new Error(JSON.stringify(frame[4])));
      }
    };
    const payload = accessToken ? { config, access_token: accessToken } : { config };
    client.ws.send(JSON.stringify(['join', 'join', topic, 'phx_join', payload]));
  });
}

async function openMany(
  count: number,
  url: string,
  apikey: string,
  topic: string,
  config: Record<string, unknown>,
) {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => openClient(url, apikey)),
    );
    await Promise.all(batch.map((c) => join(c, topic, config)));
    clients.push(...batch);
  }
  return clients;
}

interface Figures {
  engine: string;
  broadcast: number[];
  deliveriesPerSecond: number;
  changes: number[];
  rlsChanges: number[];
  writes: { plain: number; published: number };
}

async function benchBroadcast(platform: ServerHandle): Promise<{ latencies: number[]; perSecond: number }> {
  const topic = 'realtime:bench';
  const receivers = await openMany(sockets, platform.url, platform.anonKey, topic, {});
  const sender = await openClient(platform.url, platform.anonKey);
  await join(sender, topic, {});
  const latencies: number[] = [];
  let delivered = 0;
  for (const r of receivers) {
    r.onFrame = (frame) => {
      if (frame[3] !== 'broadcast') return;
      delivered += 1;
      const sent = (frame[4] as { payload: { t: number } }).payload.t;
      latencies.push(clock() - sent);
    };
  }
  const send = (i: number) =>
    sender.ws.send(
      JSON.stringify([
        'join',
        String(i),
        topic,
        'broadcast',
        { type: 'broadcast', event: 'tick', payload: { t: clock(), i } },
      ]),
    );

  for (let i = 0; i < pacedRounds; i++) {
    send(i);
    await sleep(pacedEveryMs);
  }
  while (delivered < pacedRounds * sockets) await sleep(5);
  const paced = latencies.splice(0);

  delivered = 0;
  const started = performance.now();
  for (let i = 0; i < burst; i++) send(i);
  const deadline = started + 60_000;
  while (delivered < burst * sockets && performance.now() < deadline) await sleep(2);
  const perSecond = delivered / ((performance.now() - started) / 1000);
  for (const c of [...receivers, sender]) c.ws.terminate();
  return { latencies: paced, perSecond };
}

const benchSchema = `
  create table if not exists public.bench_rows (id bigint generated always as identity primary key, body text, sent double precision);
  create table if not exists public.bench_private (id bigint generated always as identity primary key, body text, sent double precision);
  alter table public.bench_private enable row level security;
  create policy bench_private_members on public.bench_private for select to authenticated using (auth.uid() is not null);
  create table if not exists public.bench_quiet (id bigint generated always as identity primary key, body text, sent double precision);
  create table if not exists public.bench_plain (id bigint generated always as identity primary key, body text, sent double precision);
  alter publication supabase_realtime add table public.bench_rows, public.bench_private, public.bench_quiet;
`;

/** Commit-to-delivery: CHANGE_SUBSCRIBERS sockets on INSERTs of one table, each with its own token if given. */
async function benchChanges(
  platform: ServerHandle,
  table: string,
  tokens: string[] | undefined,
): Promise<number[]> {
  const subscription = { event: 'INSERT', schema: 'public', table };
  const clients: Client[] = [];
  for (let i = 0; i < changeSubscribers; i++) {
    const c = await openClient(platform.url, platform.anonKey);
    const token = tokens?.[i];
    await join(c, `realtime:bench-${table}`, { postgres_changes: [subscription] }, token);
    clients.push(c);
  }
  const latencies: number[] = [];
  let delivered = 0;
  for (const c of clients) {
    c.onFrame = (frame) => {
      if (frame[3] !== 'postgres_changes') return;
      const record = (frame[4] as { data: { record: { sent: number } } }).data.record;
      latencies.push(clock() - record.sent);
      delivered += 1;
    };
  }
  await sleep(200);
  for (let i = 0; i < inserts; i++) {
    await platform.call({ kind: 'insert', table, sent: clock(), body: `row ${i}` });
    await sleep(20);
  }
  const deadline = performance.now() + 30_000;
  while (delivered < inserts * changeSubscribers && performance.now() < deadline) await sleep(5);
  for (const c of clients) c.ws.terminate();
  return latencies;
}

/** The child process: starts the platform and runs the parent's SQL on its database. */
async function serve(engine: 'pglite' | 'postgres'): Promise<void> {
  let db: Database;
  let dropName: string | undefined;
  if (engine === 'pglite') {
    db = await openPgliteDatabase();
  } else {
    dropName = `bench_rt_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${dropName}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${dropName}`;
    db = await openPostgresDatabase({ connectionString: url.toString() });
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: '.data-bench-unused',
    CPR_ENCRYPTION_KEY: 'bench-cpr-key-0123456789',
    DEMO_DATA: 'false',
    REALTIME_MAX_EVENTS_PER_SECOND: '100000',
  });
  const platform = await startPlatform({ config, logger: pino({ level: 'warn' }), db, inMemoryKeys: true });
  process.on('message', (raw) => {
    const msg = raw as {
      id: number;
      kind: string;
      table?: string;
      sent?: number;
      body?: string;
      sql?: string;
      n?: number;
    };
    const work = async (): Promise<unknown> => {
      switch (msg.kind) {
        case 'insert':
          await db.query(`insert into public.${msg.table} (body, sent) values ($1, $2)`, [
            msg.body,
            msg.sent,
          ]);
          return undefined;
        case 'exec':
          return db.exec(msg.sql ?? '');
        case 'tokens':
          return Promise.all(
            Array.from({ length: msg.n ?? 0 }, () =>
              signJwt(
                platform.keys,
                { sub: crypto.randomUUID(), role: 'authenticated', aud: 'authenticated' },
                3600,
              ),
            ),
          );
        case 'writes':
          return {
            plain: await insertRate(db, 'bench_plain', msg.n ?? 0),
            published: await insertRate(db, 'bench_quiet', msg.n ?? 0),
          };
        default:
          await platform.stop();
          if (dropName) await adminQuery(`drop database if exists ${dropName} with (force)`);
          return undefined;
      }
    };
    work().then(
      (result) => process.send?.({ id: msg.id, ok: true, result }),
      (error: unknown) => process.send?.({ id: msg.id, ok: false, error: String(error) }),
    );
  });
  process.send?.({ ready: true, url: platform.url, anonKey: platform.keys.anonKey });
}

async function startServer(engine: 'pglite' | 'postgres'): Promise<ServerHandle> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', engine], { execArgv: ['--import', 'tsx'] });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  const ready = new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.on('message', (raw) => {
      const msg = raw as {
        ready?: boolean;
        url: string;
        anonKey: string;
        id?: number;
        ok?: boolean;
        error?: string;
        result?: unknown;
      };
      if (msg.ready) return resolve(msg);
      const pending = msg.id === undefined ? undefined : waiting.get(msg.id);
      if (!pending) return;
      waiting.delete(msg.id!);
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
  const { url, anonKey } = await ready;
  return {
    url,
    anonKey,
    child,
    call,
    async stop() {
      await call({ kind: 'stop' });
      child.kill();
    },
  };
}

async function run(engine: 'pglite' | 'postgres'): Promise<Figures> {
  const platform = await startServer(engine);
  try {
    await platform.call({ kind: 'exec', sql: benchSchema });
    const broadcast = await benchBroadcast(platform);
    const changes = await benchChanges(platform, 'bench_rows', undefined);
    const tokens = (await platform.call({ kind: 'tokens', n: changeSubscribers })) as string[];
    const rlsChanges = await benchChanges(platform, 'bench_private', tokens);
    const writes = (await platform.call({ kind: 'writes', n: writeRows })) as Figures['writes'];
    return {
      engine,
      broadcast: broadcast.latencies,
      deliveriesPerSecond: broadcast.perSecond,
      changes,
      rlsChanges,
      writes,
    };
  } finally {
    await platform.stop();
  }
}

/** Single-row inserts per second into a table (each its own transaction). */
async function insertRate(db: Database, table: string, rows: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < rows; i++) {
    await db.query(`insert into public.${table} (body, sent) values ($1, $2)`, [`w${i}`, i]);
  }
  return rows / ((performance.now() - started) / 1000);
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  await serve(process.argv[serveIndex + 1] === 'postgres' ? 'postgres' : 'pglite');
} else {
  await main();
}

async function main(): Promise<void> {
  const results: Figures[] = [];
  for (const engine of (process.env.ENGINES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[]) {
    results.push(await run(engine));
  }
  console.log(
    `\nrealtime bench: ${sockets} sockets on one channel, ${pacedRounds} broadcasts every ${pacedEveryMs} ms + burst of ${burst};\n` +
      `${changeSubscribers} change subscribers (anon on a plain table; distinct users on an RLS table), ${inserts} inserts;\n` +
      `${writeRows} single-row inserts into an unpublished table and a published one nobody watches\n`,
  );
  const expected = inserts * changeSubscribers;
  const rows: [string, (r: Figures) => string][] = [
    ['broadcast p50 ms', (r) => fmt(percentile(sorted(r.broadcast), 50))],
    ['broadcast p95 ms', (r) => fmt(percentile(sorted(r.broadcast), 95))],
    ['broadcast p99 ms', (r) => fmt(percentile(sorted(r.broadcast), 99))],
    ['burst deliveries/s', (r) => r.deliveriesPerSecond.toFixed(0)],
    ['change p50 ms', (r) => fmt(percentile(sorted(r.changes), 50))],
    ['change p95 ms', (r) => fmt(percentile(sorted(r.changes), 95))],
    ['change p99 ms', (r) => fmt(percentile(sorted(r.changes), 99))],
    ['changes delivered', (r) => `${r.changes.length}/${expected}`],
    ['RLS change p50 ms', (r) => fmt(percentile(sorted(r.rlsChanges), 50))],
    ['RLS change p95 ms', (r) => fmt(percentile(sorted(r.rlsChanges), 95))],
    ['RLS change p99 ms', (r) => fmt(percentile(sorted(r.rlsChanges), 99))],
    ['RLS changes delivered', (r) => `${r.rlsChanges.length}/${expected}`],
    ['inserts/s unpublished', (r) => r.writes.plain.toFixed(0)],
    ['inserts/s published', (r) => r.writes.published.toFixed(0)],
  ];
  console.log(
    ['', ...results.map((r) => r.engine)].map((h, i) => (i === 0 ? h.padEnd(24) : h.padStart(12))).join(''),
  );
  for (const [label, value] of rows) {
    console.log([label.padEnd(24), ...results.map((r) => value(r).padStart(12))].join(''));
  }
  process.exit(0);
}

function sorted(values: number[]): number[] {
  return [...values].sort((x, y) => x - y);
}
