// The platform on a database with only its own migrations (MIGRATIONS_DIR an empty folder),
// as the official supabase-js suites run it: the start needs no club schema, there is no
// first-run setup to offer, and auth and the data API work on a table the test makes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pino from 'pino';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSetupToken, hasFirstRunSetup } from '../../src/access/setup-token';
import { loadConfig } from '../../src/config';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

describe('a platform without a club schema', () => {
  let testDb: TestDatabase;
  let platform: RunningPlatform;
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-no-migrations-'));

  beforeAll(async () => {
    testDb = await createTestDatabase({ empty: true });
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.data-test-unused',
      MIGRATIONS_DIR: emptyDir,
    });
    platform = await startPlatform({
      config,
      logger: pino({ level: 'silent' }),
      db: testDb.db,
      inMemoryKeys: true,
      webDir: '/nonexistent/club-platform-web',
    });
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await testDb?.drop();
    fs.rmSync(emptyDir, { recursive: true, force: true });
  });

  it('applies no app migration and offers no first-run setup', async () => {
    const ledger = await testDb.db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations',
    );
    expect(ledger.rows[0]?.n).toBe(0);
    const club = await testDb.db.query<{ t: string | null }>(
      "select to_regclass('public.communities')::text as t",
    );
    expect(club.rows[0]?.t).toBeNull();
    expect(await hasFirstRunSetup(testDb.db)).toBe(false);
    expect(await ensureSetupToken(testDb.db, undefined)).toBeUndefined();
    const health = await fetch(`${platform.url}/health`);
    expect(health.status).toBe(200);
  });

  it('signs a user up and in, and serves a table under its row-level policy', async () => {
    await testDb.db.exec(`
      create table public.notes (
        id bigint generated always as identity primary key,
        owner uuid not null default auth.uid() references auth.users (id),
        body text not null
      );
      alter table public.notes enable row level security;
      create policy notes_own on public.notes for all to authenticated
        using (owner = auth.uid()) with check (owner = auth.uid());
      grant select, insert on public.notes to authenticated;
      notify pgrst, 'reload schema';`);
    const admin = createClient(platform.url, platform.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const created = await admin.auth.admin.createUser({
      email: 'bare@example.test',
      password: 'bare-platform-pass-1',
      email_confirm: true,
    });
    expect(created.error).toBeNull();
    await admin.from('notes').insert({ owner: created.data.user!.id, body: 'made for them' });

    const client = createClient(platform.url, platform.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const signedIn = await client.auth.signInWithPassword({
      email: 'bare@example.test',
      password: 'bare-platform-pass-1',
    });
    expect(signedIn.error).toBeNull();
    const inserted = await client.from('notes').insert({ body: 'mine' }).select('body');
    expect(inserted.error).toBeNull();
    const other = await admin.auth.admin.createUser({ email: 'other@example.test', email_confirm: true });
    await testDb.db.query("insert into public.notes (owner, body) values ($1, 'theirs')", [
      other.data.user!.id,
    ]);
    const read = await client.from('notes').select('body').order('id');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([{ body: 'made for them' }, { body: 'mine' }]);
    const anon = createClient(platform.url, platform.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    // The default privileges grant the table to anon as on Supabase; the policy lets it see nothing.
    const unseen = await anon.from('notes').select('body');
    expect(unseen.error).toBeNull();
    expect(unseen.data).toEqual([]);
  });
});
