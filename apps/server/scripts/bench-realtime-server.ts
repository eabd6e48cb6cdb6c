// The server side of npm run bench:realtime, forked by bench-realtime.ts so that the server
// and the 1,000 client sockets each have an event loop (and a core) of their own. Starts the
// whole platform on PGlite (in memory) or on a fresh PostgreSQL database, with a temporary
// DATA_DIR, and runs the parent's database commands (schema, inserts, tokens, write rates)
// over IPC. BENCH_CPU_PROF=<dir> in the parent adds --cpu-prof to this process.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { signJwt } from '../src/access/jwt';
import { loadConfig } from '../src/config';
import type { Database } from '../src/database/database';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import { startPlatform } from '../src/platform';

export interface ServeCommand {
  id: number;
  kind: 'insert' | 'exec' | 'tokens' | 'writes' | 'stop';
  table?: string;
  sent?: number;
  body?: string;
  sql?: string;
  n?: number;
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
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

async function serve(engine: 'pglite' | 'postgres', postgresUrl: string): Promise<void> {
  let db: Database;
  let dropName: string | undefined;
  if (engine === 'pglite') {
    db = await openPgliteDatabase();
  } else {
    dropName = `bench_rt_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(postgresUrl, `create database ${dropName}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${dropName}`;
    db = await openPostgresDatabase({ connectionString: url.toString() });
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-realtime-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    CPR_ENCRYPTION_KEY: 'bench-cpr-key-0123456789',
    DEMO_DATA: 'false',
    REALTIME_MAX_EVENTS_PER_SECOND: '100000',
  });
  const platform = await startPlatform({ config, logger: pino({ level: 'warn' }), db });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await platform.stop();
      if (dropName) await adminQuery(postgresUrl, `drop database if exists ${dropName} with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    })());

  async function run(msg: ServeCommand): Promise<unknown> {
    switch (msg.kind) {
      case 'insert':
        await db.query(`insert into public.${msg.table} (body, sent) values ($1, $2)`, [msg.body, msg.sent]);
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
      case 'stop':
        await stop();
        return undefined;
    }
  }

  process.on('message', (raw) => {
    const msg = raw as ServeCommand;
    run(msg).then(
      (result) => process.send?.({ id: msg.id, ok: true, result }),
      (error: unknown) => process.send?.({ id: msg.id, ok: false, error: String(error) }),
    );
  });
  // The parent going away (Ctrl-C, a crash) must not leave a database or a directory behind.
  process.on('disconnect', () => {
    void stop().finally(() => process.exit(0));
  });
  process.send?.({ ready: true, url: platform.url, anonKey: platform.keys.anonKey });
}

const engine = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
await serve(engine, process.argv[3] ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres');
