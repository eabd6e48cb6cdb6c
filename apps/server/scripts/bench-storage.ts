// npm run bench:storage — upload and download throughput (MB/s) of the storage API for
// 1 MB and 50 MB objects, through supabase-js and HTTP, next to a plain file copy of the
// same bytes on the same disk, with the ratio storage / copy. The server runs in a child
// process (node --import tsx, as in production) so client and server do not share an
// event loop. Bytes go to the file backend under a temporary folder; the database is an
// embedded PGlite, and also a fresh PostgreSQL database when BENCH_DATABASE_URL is set.
// BENCH_SMALL_ROUNDS / BENCH_LARGE_ROUNDS change the number of rounds (default 30 / 4).
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import pino from 'pino';
import WebSocket from 'ws';
import { loadConfig } from '../src/config';
import { startPlatform } from '../src/platform';
import { withScratchDatabase } from './with-scratch-database';

const mb = 1024 * 1024;
const agent = new http.Agent({ keepAlive: true });
const sizes = [
  { label: '1 MB', bytes: 1 * mb, rounds: Number(process.env.BENCH_SMALL_ROUNDS ?? 30) },
  { label: '50 MB', bytes: 50 * mb, rounds: Number(process.env.BENCH_LARGE_ROUNDS ?? 4) },
];

type ServerMessage =
  { url: string; serviceRoleKey: string; rssMb: number } | { rssMb: number } | { error: string };

/** The child: the platform on its own event loop until the parent says stop. */
async function serve(root: string, databaseUrl: string | undefined): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: databaseUrl ?? '',
    STORAGE_FILE_DIR: path.join(root, 'storage'),
    STORAGE_FILE_SIZE_LIMIT: String(200 * mb),
    DEMO_DATA: 'false',
  });
  const platform = await startPlatform({ config, logger: pino({ level: 'silent' }) });
  const rssMb = () => process.memoryUsage().rss / mb;
  process.on('message', (msg: { stop?: true; rss?: true }) => {
    if (msg.rss) process.send?.({ rssMb: rssMb() });
    if (msg.stop) void platform.stop().finally(() => process.exit(0));
  });
  process.send?.({ url: platform.url, serviceRoleKey: platform.keys.serviceRoleKey, rssMb: rssMb() });
}

function nextMessage(child: ChildProcess): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`server process exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (msg) => {
      child.off('exit', onExit);
      resolve(msg as ServerMessage);
    });
  });
}

function rate(bytes: number, rounds: number, seconds: number): number {
  return (bytes * rounds) / mb / seconds;
}

async function timed(rounds: number, run: (i: number) => Promise<void>): Promise<number> {
  await run(-1); // warm-up
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await run(i);
  return (performance.now() - started) / 1000;
}

/** GET through node:http (less client overhead than fetch), counting the bytes received. */
function download(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`download failed with ${res.statusCode}`));
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
        });
        res.on('end', () => resolve(received));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

async function bench(label: string, databaseUrl: string | undefined): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storage-'));
  const child = fork(fileURLToPath(import.meta.url), ['--serve', root, databaseUrl ?? ''], {
    execArgv: ['--import', 'tsx'],
  });
  try {
    const ready = await nextMessage(child);
    if (!('url' in ready)) throw new Error(`server failed: ${JSON.stringify(ready)}`);
    const admin = createClient(ready.url, ready.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const bucketId = `bench-${Date.now()}`;
    const created = await admin.storage.createBucket(bucketId);
    if (created.error) throw created.error;
    const bucket = admin.storage.from(bucketId);
    const copyDir = path.join(root, 'copies');
    await fsp.mkdir(copyDir, { recursive: true });
    const auth = { apikey: ready.serviceRoleKey, authorization: `Bearer ${ready.serviceRoleKey}` };

    console.log(`\n${label}: file backend, server in a child process, ${os.cpus().length} cores`);
    console.log('object   op         storage MB/s   file copy MB/s   ratio');
    for (const size of sizes) {
      const data = crypto.randomBytes(size.bytes);
      const source = path.join(copyDir, `source-${size.bytes}`);
      await fsp.writeFile(source, data);

      const uploadSeconds = await timed(size.rounds, async (i) => {
        const { error } = await bucket.upload(`objects/${size.bytes}-${i}.bin`, data, {
          contentType: 'application/octet-stream',
          upsert: true,
        });
        if (error) throw error;
      });
      const copySeconds = await timed(size.rounds, async (i) => {
        await pipeline(
          fs.createReadStream(source),
          fs.createWriteStream(path.join(copyDir, `copy-${size.bytes}-${i}`)),
        );
      });
      const downloadSeconds = await timed(size.rounds, async (i) => {
        const received = await download(
          `${ready.url}/storage/v1/object/${bucketId}/objects/${size.bytes}-${i}.bin`,
          auth,
        );
        if (received !== size.bytes) throw new Error(`downloaded ${received} of ${size.bytes} bytes`);
      });
      const readSeconds = await timed(size.rounds, async (i) => {
        let received = 0;
        for await (const chunk of fs.createReadStream(path.join(copyDir, `copy-${size.bytes}-${i}`))) {
          received += (chunk as Buffer).length;
        }
        if (received !== size.bytes) throw new Error('short read');
      });

      const row = (op: string, a: number, b: number) =>
        console.log(
          `${size.label.padEnd(8)} ${op.padEnd(10)} ${a.toFixed(1).padStart(12)}   ${b.toFixed(1).padStart(14)}   ${(a / b).toFixed(2).padStart(5)}`,
        );
      row('upload', rate(size.bytes, size.rounds, uploadSeconds), rate(size.bytes, size.rounds, copySeconds));
      row(
        'download',
        rate(size.bytes, size.rounds, downloadSeconds),
        rate(size.bytes, size.rounds, readSeconds),
      );
    }
    child.send({ rss: true });
    const after = await nextMessage(child);
    if ('rssMb' in after)
      console.log(
        `server RSS: ${ready.rssMb.toFixed(0)} MB at start, ${after.rssMb.toFixed(0)} MB after the runs`,
      );
    console.log(
      'file copy = stream copy of the same bytes (upload) and stream read of the copy (download), same disk',
    );
    await admin.storage.emptyBucket(bucketId);
    await admin.storage.deleteBucket(bucketId);
  } finally {
    if (child.connected) child.send({ stop: true });
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) resolve();
      else child.once('exit', () => resolve());
    });
    fs.rmSync(root, { recursive: true, force: true });
    agent.destroy();
  }
}

async function main(): Promise<void> {
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  if (process.env.BENCH_SKIP_PGLITE !== 'true') await bench('PGlite (embedded)', undefined);
  const baseUrl = process.env.BENCH_DATABASE_URL;
  if (!baseUrl) {
    console.log('\n(set BENCH_DATABASE_URL to measure PostgreSQL as well)');
    return;
  }
  await withScratchDatabase(baseUrl, 'bench_storage', (url) => bench('PostgreSQL', url));
}

const serveAt = process.argv.indexOf('--serve');
const run =
  serveAt >= 0
    ? serve(process.argv[serveAt + 1] ?? os.tmpdir(), process.argv[serveAt + 2] || undefined)
    : main();
run.catch((error: unknown) => {
  console.error(error);
  if (process.send) process.send({ error: String(error) });
  process.exitCode = 1;
});
