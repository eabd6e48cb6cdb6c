// npm run bench:storage — upload and download throughput (MB/s) of the storage API for
// 1 MB and 50 MB objects, through supabase-js and HTTP on this machine, next to a plain
// file copy of the same bytes on the same disk, with the ratio storage / copy.
// Bytes go to the file backend under a temporary folder; the database is an embedded
// PGlite there too, or PostgreSQL when BENCH_DATABASE_URL is set.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createClient } from '@supabase/supabase-js';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { startPlatform } from '../src/platform';

const mb = 1024 * 1024;
const sizes = [
  { label: '1 MB', bytes: 1 * mb, rounds: Number(process.env.BENCH_SMALL_ROUNDS ?? 30) },
  { label: '50 MB', bytes: 50 * mb, rounds: Number(process.env.BENCH_LARGE_ROUNDS ?? 4) },
];

function rate(bytes: number, rounds: number, seconds: number): number {
  return (bytes * rounds) / mb / seconds;
}

async function timed(rounds: number, run: (i: number) => Promise<void>): Promise<number> {
  await run(-1); // warm-up
  const started = performance.now();
  for (let i = 0; i < rounds; i++) await run(i);
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storage-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(root, 'data'),
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    STORAGE_FILE_DIR: path.join(root, 'storage'),
    STORAGE_FILE_SIZE_LIMIT: String(200 * mb),
    DEMO_DATA: 'false',
  });
  const platform = await startPlatform({ config, logger: pino({ level: 'silent' }) });
  try {
    const admin = createClient(platform.url, platform.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const bucketId = `bench-${Date.now()}`;
    const created = await admin.storage.createBucket(bucketId);
    if (created.error) throw created.error;
    const bucket = admin.storage.from(bucketId);
    const copyDir = path.join(root, 'copies');
    await fsp.mkdir(copyDir, { recursive: true });

    console.log(`storage throughput on ${platform.db.engine}, file backend, ${os.cpus().length} cores`);
    console.log('object   op         storage MB/s   file copy MB/s   ratio');
    for (const size of sizes) {
      const data = Buffer.alloc(size.bytes);
      for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;
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
        const res = await fetch(
          `${platform.url}/storage/v1/object/${bucketId}/objects/${size.bytes}-${Math.max(i, 0)}.bin`,
          {
            headers: {
              apikey: platform.keys.serviceRoleKey,
              authorization: `Bearer ${platform.keys.serviceRoleKey}`,
            },
          },
        );
        if (!res.ok || !res.body) throw new Error(`download failed with ${res.status}`);
        let received = 0;
        const reader = res.body.getReader();
        for (let part = await reader.read(); !part.done; part = await reader.read())
          received += part.value.length;
        if (received !== size.bytes) throw new Error(`downloaded ${received} of ${size.bytes} bytes`);
      });
      const readSeconds = await timed(size.rounds, async (i) => {
        let received = 0;
        for await (const chunk of fs.createReadStream(
          path.join(copyDir, `copy-${size.bytes}-${Math.max(i, 0)}`),
        )) {
          received += (chunk as Buffer).length;
        }
        if (received !== size.bytes) throw new Error('short read');
      });

      const up = rate(size.bytes, size.rounds, uploadSeconds);
      const copy = rate(size.bytes, size.rounds, copySeconds);
      const down = rate(size.bytes, size.rounds, downloadSeconds);
      const read = rate(size.bytes, size.rounds, readSeconds);
      const row = (op: string, a: number, b: number) =>
        console.log(
          `${size.label.padEnd(8)} ${op.padEnd(10)} ${a.toFixed(1).padStart(12)}   ${b.toFixed(1).padStart(14)}   ${(a / b).toFixed(2).padStart(5)}`,
        );
      row('upload', up, copy);
      row('download', down, read);
    }
    console.log(
      'file copy = stream copy of the same bytes (upload) and stream read of the copy (download), same disk',
    );
    // leave a shared PostgreSQL database as it was found
    await admin.storage.emptyBucket(bucketId);
    await admin.storage.deleteBucket(bucketId);
  } finally {
    await platform.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
