// A realtime subscriber outlives a crash of the server (issue #38): the process is killed
// (SIGKILL, no goodbye to its sockets) and started again on the same port and data directory;
// the supabase-js client that was subscribed to a table's changes reconnects, rejoins its
// channel and receives the changes written after the restart, within its own reconnect
// delays. And after a clean stop (SIGTERM) the same. On the embedded database in the PGlite
// pass, on a fresh PostgreSQL database in the PostgreSQL pass (TEST_DATABASE_URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationSources, migrate } from '../../src/database/migrator';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { freshPostgres } from '../operations/club-kit';
import { repoRoot } from '../../src/platform';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

const slow = { timeout: 240_000 };

const cleanups: (() => Promise<unknown>)[] = [];

/** The server's environment: a data directory, and a migrated PostgreSQL database in that pass. */
async function prepare(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-realtime-crash-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const postgres = await freshPostgres();
  if (postgres) cleanups.push(() => postgres.drop());
  const db = postgres
    ? await openPostgresDatabase({ connectionString: postgres.url, maxConnections: 1 })
    : await openPgliteDatabase(path.join(dataDir, 'pgdata'));
  await migrate(db, defaultMigrationSources(repoRoot));
  await db.exec(`create table public.crash_feed (id int primary key);
    grant all on public.crash_feed to service_role;
    alter publication supabase_realtime add table public.crash_feed;`);
  await db.close();
  return { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
}

function serviceClient(url: string, dataDir: string): SupabaseClient {
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as {
    serviceRoleKey: string;
  };
  return createClient(url, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

describe('a realtime subscriber across a server restart', () => {
  const started: ServerProcess[] = [];
  const clients: SupabaseClient[] = [];
  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels();
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(started.map((s) => s.exited));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function start(port: number, env: Record<string, string>): Promise<ServerProcess> {
    const server = spawnServer({ PORT: String(port), ...env });
    started.push(server);
    await waitForHealth(server);
    return server;
  }

  /** Writes a row every 250 ms until the subscriber has seen one of them, or the time is up. */
  async function writeUntilSeen(writer: SupabaseClient, seen: Set<number>, from: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (let id = from; Date.now() < deadline; id += 1) {
      const { error } = await writer.from('crash_feed').insert({ id });
      if (error) throw new Error(error.message);
      await new Promise((resolve) => setTimeout(resolve, 250));
      if ([...seen].some((n) => n >= from)) return Date.now() - (deadline - timeoutMs);
    }
    return undefined;
  }

  it('receives the changes written after a SIGTERM and after a SIGKILL restart', slow, async () => {
    const env = await prepare();
    const dataDir = env.DATA_DIR!;
    const port = await freePort();
    let server = await start(port, env);
    const url = `http://127.0.0.1:${port}`;
    const subscriber = serviceClient(url, dataDir);
    clients.push(subscriber);
    const seen = new Set<number>();
    const statuses: string[] = [];
    const channel: RealtimeChannel = subscriber
      .channel('crash-feed')
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'crash_feed' }, (change) => {
        seen.add((change.new as { id: number }).id);
      });
    await new Promise<void>((resolve, reject) => {
      channel.subscribe((status, error) => {
        statuses.push(status);
        if (status === 'SUBSCRIBED') resolve();
        else if (statuses.length === 1 && error) reject(error);
      });
    });
    expect(await writeUntilSeen(serviceClient(url, dataDir), seen, 1, 10_000)).toBeDefined();

    let from = 1000;
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      server.child.kill(signal);
      await server.exited;
      server = await start(port, env);
      // supabase-js reconnects after 1, 2, 5 and then every 10 s, and rejoins its channels.
      const after = await writeUntilSeen(serviceClient(url, dataDir), seen, from, 30_000);
      expect(
        after,
        `no change arrived after the ${signal} restart; channel states: ${statuses.join(', ')}`,
      ).toBeDefined();
      expect(statuses.at(-1)).toBe('SUBSCRIBED');
      from += 1000;
    }
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
