// npm run bench:realtime — realtime delivery figures on PGlite and PostgreSQL.
//   broadcast: SOCKETS websockets join one channel: raw `ws` sockets speaking the Phoenix
//   2.0.0 protocol, plus JS_CLIENTS real supabase-js clients (half on 1.0.0) so the real
//   client protocol stays in the run. One more raw socket sends broadcasts carrying their
//   send time; each receiver notes the receive time first and parses later, so latency =
//   receive time - send time on this process's one clock. Paced rounds give p50/p95/p99; a
//   burst gives deliveries per second.
//   changes: CHANGE_SUBSCRIBERS sockets (JS_CLIENTS of them supabase-js) subscribe to INSERTs
//   on a published table; rows are inserted one at a time and the delay from issuing the
//   INSERT (so including its round trip and commit) to each delivery is recorded — once for
//   anon subscribers on a plain table, once for subscribers with distinct user tokens on an
//   RLS table (every delivery checked against that user's claims).
//   writes: WRITE_ROWS single-row inserts into an unpublished table and into a published table
//   nobody subscribes to (the capture trigger's cost when unwatched).
// Knobs: SOCKETS, JS_CLIENTS, ROUNDS, PACE_MS, BURST, CHANGE_SUBSCRIBERS, INSERTS, WRITE_ROWS,
// ENGINES, BENCH_CPU_PROF (a directory: the server process writes a CPU profile there).
// The server runs in a child process (bench-realtime-server.ts) with a temporary DATA_DIR.
// PostgreSQL: BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local cluster.
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

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
const jsClients = Number(process.env.JS_CLIENTS ?? 6);
const changeSubscribers = Number(process.env.CHANGE_SUBSCRIBERS ?? 100);
const pacedRounds = Number(process.env.ROUNDS ?? 30);
const pacedEveryMs = Number(process.env.PACE_MS ?? 100);
const burst = Number(process.env.BURST ?? 200);
const inserts = Number(process.env.INSERTS ?? 50);
const writeRows = Number(process.env.WRITE_ROWS ?? 2000);
const cpuProfileDir = process.env.BENCH_CPU_PROF;
const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A raw socket: frames are parsed at once while joining, and only timed and kept while measuring. */
interface Client {
  ws: WebSocket;
  onFrame: (frame: unknown[]) => void;
  /** Set while measuring: receive times and frames, parsed after the run. */
  inbox: { at: number[]; frames: Buffer[] } | undefined;
}

async function openClient(url: string, apikey: string): Promise<Client> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=2.0.0`, {
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  const client: Client = { ws, onFrame: () => undefined, inbox: undefined };
  ws.on('message', (data, isBinary) => {
    const at = clock();
    if (isBinary) return;
    if (client.inbox) {
      client.inbox.at.push(at);
      client.inbox.frames.push(data as Buffer);
      return;
    }
    client.onFrame(JSON.parse(String(data)) as unknown[]);
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

async function openMany(count: number, server: ServerHandle, topic: string, config: Record<string, unknown>) {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - i) }, () => openClient(server.url, server.anonKey)),
    );
    await Promise.all(batch.map((c) => join(c, topic, config)));
    clients.push(...batch);
  }
  return clients;
}

/** Real supabase-js clients, every other one on protocol 1.0.0. */
function openJsClients(count: number, server: ServerHandle): SupabaseClient[] {
  return Array.from({ length: count }, (_, i) =>
    createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never, ...(i % 2 === 1 ? { vsn: '1.0.0' } : {}) } as never,
    }),
  );
}

function subscribed(channel: ReturnType<SupabaseClient['channel']>): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else reject(error ?? new Error(status));
    });
  });
}

/** Turns each raw client's kept frames into latencies: receive time minus the time they carry. */
function drain(clients: Client[], event: string, sentOf: (payload: unknown) => number): number[] {
  const latencies: number[] = [];
  for (const c of clients) {
    const inbox = c.inbox;
    c.inbox = { at: [], frames: [] };
    if (!inbox) continue;
    inbox.frames.forEach((data, i) => {
      const frame = JSON.parse(String(data)) as unknown[];
      if (frame[3] === event) latencies.push(inbox.at[i]! - sentOf(frame[4]));
    });
  }
  return latencies;
}

interface Latencies {
  raw: number[];
  js: number[];
}

interface Figures {
  engine: string;
  load: string;
  broadcast: Latencies;
  deliveriesPerSecond: number;
  changes: Latencies;
  rlsChanges: Latencies;
  insertMs: number[];
  writes: { plain: number; published: number };
}

async function benchBroadcast(server: ServerHandle): Promise<{ latencies: Latencies; perSecond: number }> {
  const topic = 'realtime:bench';
  const receivers = await openMany(sockets - jsClients, server, topic, {});
  const js = openJsClients(jsClients, server);
  const jsLatencies: number[] = [];
  let jsDelivered = 0;
  await Promise.all(
    js.map((c) =>
      subscribed(
        c.channel('bench').on('broadcast', { event: 'tick' }, (msg) => {
          jsDelivered += 1;
          jsLatencies.push(clock() - (msg.payload as { t: number }).t);
        }),
      ),
    ),
  );
  const sender = await openClient(server.url, server.anonKey);
  await join(sender, topic, {});
  for (const r of receivers) r.inbox = { at: [], frames: [] };
  const rawDelivered = () => receivers.reduce((n, r) => n + (r.inbox?.at.length ?? 0), 0);
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
  const sentOf = (payload: unknown) => (payload as { payload: { t: number } }).payload.t;

  for (let i = 0; i < pacedRounds; i++) {
    send(i);
    await sleep(pacedEveryMs);
  }
  const settle = performance.now() + 30_000;
  while (rawDelivered() + jsDelivered < pacedRounds * sockets && performance.now() < settle) await sleep(5);
  const paced = { raw: drain(receivers, 'broadcast', sentOf), js: jsLatencies.splice(0) };

  jsDelivered = 0;
  const started = performance.now();
  for (let i = 0; i < burst; i++) send(i);
  const deadline = started + 60_000;
  while (rawDelivered() + jsDelivered < burst * sockets && performance.now() < deadline) await sleep(2);
  const perSecond = (rawDelivered() + jsDelivered) / ((performance.now() - started) / 1000);
  for (const c of [...receivers, sender]) c.ws.terminate();
  await Promise.all(js.map((c) => c.removeAllChannels()));
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
  server: ServerHandle,
  table: string,
  tokens: string[] | undefined,
  insertMs: number[],
): Promise<Latencies> {
  const subscription = { event: 'INSERT', schema: 'public', table };
  const rawCount = changeSubscribers - jsClients;
  const clients: Client[] = [];
  for (let i = 0; i < rawCount; i++) {
    const c = await openClient(server.url, server.anonKey);
    await join(c, `realtime:bench-${table}`, { postgres_changes: [subscription] }, tokens?.[i]);
    clients.push(c);
  }
  const js = openJsClients(jsClients, server);
  const jsLatencies: number[] = [];
  await Promise.all(
    js.map(async (c, i) => {
      const token = tokens?.[rawCount + i];
      if (token) await c.realtime.setAuth(token);
      const channel = c
        .channel(`bench-${table}`)
        .on('postgres_changes', subscription as never, (change: { new: { sent: number } }) => {
          jsLatencies.push(clock() - change.new.sent);
        });
      await subscribed(channel);
    }),
  );
  for (const c of clients) c.inbox = { at: [], frames: [] };
  const delivered = () => clients.reduce((n, c) => n + (c.inbox?.at.length ?? 0), 0) + jsLatencies.length;
  await sleep(200);
  for (let i = 0; i < inserts; i++) {
    const sent = clock();
    await server.call({ kind: 'insert', table, sent, body: `row ${i}` });
    insertMs.push(clock() - sent);
    await sleep(20);
  }
  const deadline = performance.now() + 30_000;
  while (delivered() < inserts * changeSubscribers && performance.now() < deadline) await sleep(5);
  const raw = drain(
    clients,
    'postgres_changes',
    (payload) => (payload as { data: { record: { sent: number } } }).data.record.sent,
  );
  for (const c of clients) c.ws.terminate();
  await Promise.all(js.map((c) => c.removeAllChannels()));
  return { raw, js: jsLatencies };
}

async function startServer(engine: 'pglite' | 'postgres'): Promise<ServerHandle> {
  const entry = fileURLToPath(new URL('./bench-realtime-server.ts', import.meta.url));
  const execArgv = ['--import', 'tsx'];
  if (cpuProfileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`);
  const child = fork(entry, [engine, postgresUrl], { execArgv });
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
      // Disconnecting lets the child end its event loop (and write a CPU profile) by itself.
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await Promise.race([exited, sleep(10_000)]);
      child.kill();
    },
  };
}

async function run(engine: 'pglite' | 'postgres'): Promise<Figures> {
  const server = await startServer(engine);
  try {
    await server.call({ kind: 'exec', sql: benchSchema });
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    const broadcast = await benchBroadcast(server);
    const insertMs: number[] = [];
    const changes = await benchChanges(server, 'bench_rows', undefined, insertMs);
    const tokens = (await server.call({ kind: 'tokens', n: changeSubscribers })) as string[];
    const rlsChanges = await benchChanges(server, 'bench_private', tokens, insertMs);
    const writes = (await server.call({ kind: 'writes', n: writeRows })) as Figures['writes'];
    return {
      engine,
      load,
      broadcast: broadcast.latencies,
      deliveriesPerSecond: broadcast.perSecond,
      changes,
      rlsChanges,
      insertMs,
      writes,
    };
  } finally {
    await server.stop();
  }
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
const sorted = (values: number[]) => [...values].sort((x, y) => x - y);
const all = (l: Latencies) => sorted([...l.raw, ...l.js]);

function latencyRows(label: string, pick: (r: Figures) => Latencies, expected: number) {
  const rows: [string, (r: Figures) => string][] = [50, 95, 99].map((p) => [
    `${label} p${p} ms`,
    (r: Figures) => fmt(percentile(all(pick(r)), p)),
  ]);
  rows.push([`${label} supabase-js p95 ms`, (r) => fmt(percentile(sorted(pick(r).js), 95))]);
  rows.push([`${label} delivered`, (r) => `${pick(r).raw.length + pick(r).js.length}/${expected}`]);
  return rows;
}

async function main(): Promise<void> {
  const results: Figures[] = [];
  for (const engine of (process.env.ENGINES ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[]) {
    results.push(await run(engine));
  }
  console.log(
    `\nrealtime bench: ${sockets} sockets on one channel (${jsClients} of them supabase-js), ` +
      `${pacedRounds} broadcasts every ${pacedEveryMs} ms + burst of ${burst};\n` +
      `${changeSubscribers} change subscribers (anon on a plain table; distinct users on an RLS table), ` +
      `${inserts} inserts each;\n${writeRows} single-row inserts into an unpublished table and a published one nobody watches\n` +
      `aims: broadcast p95 < 50 ms, commit-to-delivery p95 < 100 ms\n`,
  );
  const changesExpected = inserts * changeSubscribers;
  const rows: [string, (r: Figures) => string][] = [
    ...latencyRows('broadcast', (r) => r.broadcast, pacedRounds * sockets),
    ['burst deliveries/s', (r) => r.deliveriesPerSecond.toFixed(0)],
    ...latencyRows('change', (r) => r.changes, changesExpected),
    ...latencyRows('RLS change', (r) => r.rlsChanges, changesExpected),
    ['INSERT round trip p50 ms', (r) => fmt(percentile(sorted(r.insertMs), 50))],
    ['inserts/s unpublished', (r) => r.writes.plain.toFixed(0)],
    ['inserts/s published', (r) => r.writes.published.toFixed(0)],
  ];
  for (const r of results) console.log(`load average (1/5/15 min) when ${r.engine} started: ${r.load}`);
  const width = 30;
  console.log(
    ['', ...results.map((r) => r.engine)]
      .map((h, i) => (i === 0 ? h.padEnd(width) : h.padStart(16)))
      .join(''),
  );
  for (const [label, value] of rows) {
    console.log([label.padEnd(width), ...results.map((r) => value(r).padStart(16))].join(''));
  }
  const broadcastRatio = results.map(
    (r) => `${r.engine} ${(percentile(all(r.broadcast), 95) / 50).toFixed(2)}`,
  );
  const changeRatio = results.map(
    (r) =>
      `${r.engine} ${(Math.max(percentile(all(r.changes), 95), percentile(all(r.rlsChanges), 95)) / 100).toFixed(2)}`,
  );
  console.log(
    `\np95 / aim: broadcast ${broadcastRatio.join(', ')}; changes (worse of the two) ${changeRatio.join(', ')}`,
  );
  process.exit(0);
}

await main();
