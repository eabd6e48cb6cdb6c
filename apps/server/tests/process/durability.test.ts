// Acknowledged writes survive a clean shutdown and a crash (SIGKILL) of the server
// process on the embedded database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultMigrationSources, migrate } from '../../src/database/migrator';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { repoRoot } from '../../src/platform';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

const slow = { timeout: 400_000 };

async function prepareDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-durable-'));
  const db = await openPgliteDatabase(path.join(dataDir, 'pgdata'));
  await migrate(db, defaultMigrationSources(repoRoot));
  await db.exec(`create table public.durability_writes (id int primary key, written_at timestamptz not null default now());
    grant all on public.durability_writes to service_role;`);
  await db.close();
  return dataDir;
}

function serviceClient(server: ServerProcess, dataDir: string) {
  const keys = JSON.parse(fs.readFileSync(path.join(dataDir, 'keys.json'), 'utf8')) as {
    serviceRoleKey: string;
  };
  return createClient(server.url, keys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

async function countRows(server: ServerProcess, dataDir: string): Promise<number[]> {
  const { data, error } = await serviceClient(server, dataDir)
    .from('durability_writes')
    .select('id')
    .order('id');
  if (error) throw new Error(error.message);
  return (data as { id: number }[]).map((r) => r.id);
}

describe('durability of the embedded database', () => {
  const started: ServerProcess[] = [];
  afterAll(() => {
    for (const s of started) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  });

  async function start(dataDir: string): Promise<ServerProcess> {
    const server = spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    started.push(server);
    await waitForHealth(server);
    return server;
  }

  it('keeps rows committed before SIGTERM', slow, async () => {
    const dataDir = await prepareDataDir();
    const first = await start(dataDir);
    const client = serviceClient(first, dataDir);
    const rows = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 }));
    const { error } = await client.from('durability_writes').insert(rows);
    expect(error).toBeNull();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const second = await start(dataDir);
    expect(await countRows(second, dataDir)).toEqual(rows.map((r) => r.id));
    second.child.kill('SIGTERM');
    await second.exited;
  });

  it('loses no acknowledged write when the server is killed mid-stream', slow, async () => {
    const dataDir = await prepareDataDir();
    const first = await start(dataDir);
    const client = serviceClient(first, dataDir);
    const acknowledged: number[] = [];
    let next = 1;
    const writer = (async () => {
      for (;;) {
        const id = next++;
        const { error } = await client.from('durability_writes').insert({ id });
        if (error) return; // the server is gone
        acknowledged.push(id);
      }
    })().catch(() => undefined);
    await expect
      .poll(() => acknowledged.length, { timeout: 120_000, interval: 50 })
      .toBeGreaterThanOrEqual(100);
    first.child.kill('SIGKILL');
    await first.exited;
    await writer;

    const second = await start(dataDir);
    const present = new Set(await countRows(second, dataDir));
    const lost = acknowledged.filter((id) => !present.has(id));
    expect(acknowledged.length).toBeGreaterThanOrEqual(100);
    expect(lost).toEqual([]);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
