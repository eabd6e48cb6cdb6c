// Two server instances on one PostgreSQL database: what a client does through instance A
// reaches clients of instance B. This needs a real PostgreSQL, also when the rest of the
// suite runs on PGlite: TEST_DATABASE_URL, else the local development cluster.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { subscribe, waitFor, sleep } from './support/channel-events';

const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** How many other instances one instance has heard on the bus, from its /metrics. */
async function peersOf(p: RunningPlatform): Promise<number> {
  const res = await fetch(`${p.url}/metrics`, { headers: { apikey: p.keys.serviceRoleKey } });
  const text = await res.text();
  const found = /^club_service_gauge\{service="realtime",name="peers"\} (\d+)/m.exec(text);
  if (!found) throw new Error(`no peers gauge in /metrics (${res.status})`);
  return Number(found[1]);
}

describe('realtime across two server instances on one PostgreSQL', () => {
  const name = `test_rt_${crypto.randomBytes(5).toString('hex')}`;
  const instances: RunningPlatform[] = [];
  const clients: SupabaseClient[] = [];
  let a: RunningPlatform;
  let b: RunningPlatform;

  const clientOf = (p: RunningPlatform, vsn: '1.0.0' | '2.0.0' = '2.0.0') => {
    const c = createClient(p.url, p.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never, vsn } as never,
    });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: '.data-test-unused',
      CPR_ENCRYPTION_KEY: 'test-cpr-key-0123456789',
      DEMO_DATA: 'false',
      JWT_ALGORITHM: 'HS256',
      JWT_SECRET: 'a-shared-secret-for-both-instances-0123456789',
    });
    for (let i = 0; i < 2; i++) {
      const db = await openPostgresDatabase({ connectionString: url.toString(), maxConnections: 4 });
      instances.push(
        await startPlatform({ config, logger: pino({ level: config.logLevel }), db, inMemoryKeys: true }),
      );
    }
    [a, b] = instances as [RunningPlatform, RunningPlatform];
    // Each instance skips the bus while it knows of no other; B's announcement reaches A
    // and A's answer reaches B shortly after B has started.
    const started = Date.now();
    while ((await peersOf(a)) !== 1 || (await peersOf(b)) !== 1) {
      if (Date.now() - started > 5000) throw new Error('the two instances did not see each other within 5 s');
      await sleep(20);
    }
    await a.db.exec(`
      create table public.rt_shared (id int primary key, v text);
      alter publication supabase_realtime add table public.rt_shared;
    `);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.removeAllChannels();
  });
  afterAll(async () => {
    for (const p of instances) await p.stop();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('passes broadcasts both ways between clients of different instances', async () => {
    for (const vsn of ['1.0.0', '2.0.0'] as const) {
      const onA = clientOf(a, vsn).channel(`shared-${vsn}`);
      const onB = clientOf(b, vsn).channel(`shared-${vsn}`);
      const gotA: unknown[] = [];
      const gotB: unknown[] = [];
      onA.on('broadcast', { event: '*' }, (m) => gotA.push(m));
      onB.on('broadcast', { event: '*' }, (m) => gotB.push(m));
      expect((await subscribe(onA)).status).toBe('SUBSCRIBED');
      expect((await subscribe(onB)).status).toBe('SUBSCRIBED');
      await onA.send({ type: 'broadcast', event: 'from-a', payload: { n: 1 } });
      await onB.send({ type: 'broadcast', event: 'from-b', payload: { n: 2, big: 'x'.repeat(10_000) } });
      await waitFor(() => gotA.length === 1 && gotB.length === 1, `cross-instance broadcasts (${vsn})`);
      expect(gotB[0]).toEqual({ type: 'broadcast', event: 'from-a', payload: { n: 1 } });
      expect(gotA[0]).toMatchObject({ type: 'broadcast', event: 'from-b', payload: { n: 2 } });
    }
  });

  it('passes REST broadcasts and realtime.send() to every instance', async () => {
    const onB = clientOf(b).channel('rest-shared');
    const got: unknown[] = [];
    onB.on('broadcast', { event: '*' }, (m) => got.push(m));
    expect((await subscribe(onB)).status).toBe('SUBSCRIBED');
    const res = await fetch(`${a.url}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: a.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: 'rest-shared', event: 'via-a', payload: { ok: true } }] }),
    });
    expect(res.status).toBe(202);
    await a.db.query(`select realtime.send('{"from":"sql"}'::jsonb, 'via-sql', 'rest-shared', false)`);
    await waitFor(() => got.length === 2, 'REST and SQL broadcasts at B');
    expect(got).toEqual([
      { type: 'broadcast', event: 'via-a', payload: { ok: true } },
      { type: 'broadcast', event: 'via-sql', payload: { from: 'sql' } },
    ]);
  });

  it('shares presence between instances', async () => {
    const onA = clientOf(a).channel('room', { config: { presence: { key: 'on-a' } } });
    const onB = clientOf(b).channel('room', { config: { presence: { key: 'on-b' } } });
    onA.on('presence', { event: 'sync' }, () => undefined);
    onB.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(onA)).status).toBe('SUBSCRIBED');
    expect((await subscribe(onB)).status).toBe('SUBSCRIBED');
    expect(await onA.track({ who: 'a' })).toBe('ok');
    expect(await onB.track({ who: 'b' })).toBe('ok');
    await waitFor(() => 'on-a' in onB.presenceState() && 'on-b' in onA.presenceState(), 'presence both ways');

    // A client joining B later still gets A's presence in its initial state.
    const late = clientOf(b).channel('room');
    late.on('presence', { event: 'sync' }, () => undefined);
    expect((await subscribe(late)).status).toBe('SUBSCRIBED');
    await waitFor(
      () => 'on-a' in late.presenceState() && 'on-b' in late.presenceState(),
      'state for a late joiner',
    );

    await onA.unsubscribe();
    await waitFor(() => !('on-a' in onB.presenceState()), 'leave reaches B');
  });

  it('delivers a database change to subscribers on both instances', async () => {
    const onA = clientOf(a).channel('changes-a');
    const onB = clientOf(b).channel('changes-b');
    const gotA: unknown[] = [];
    const gotB: unknown[] = [];
    onA.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_shared' }, (p) =>
      gotA.push(p.new),
    );
    onB.on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_shared' }, (p) =>
      gotB.push(p.new),
    );
    expect((await subscribe(onA)).status).toBe('SUBSCRIBED');
    expect((await subscribe(onB)).status).toBe('SUBSCRIBED');
    await a.db.query(`insert into public.rt_shared values (1, 'written through a')`);
    await waitFor(() => gotA.length === 1 && gotB.length === 1, 'change on both instances');
    await sleep(100);
    expect(gotB).toEqual([{ id: 1, v: 'written through a' }]);
    expect(gotA).toEqual(gotB);
  });
});
