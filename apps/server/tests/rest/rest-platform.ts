// A test platform for the data service: platform migrations only (the app's schema is not
// this service's concern), the fixture loaded, and the settings the fixture expects (two
// exposed schemas, tx=rollback allowed).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pino from 'pino';
import WebSocket from 'ws';
import { signJwt } from '../../src/access/jwt';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/database/database';
import { defaultMigrationSources } from '../../src/database/migrator';
import { repoRoot, startPlatform, type RunningPlatform } from '../../src/platform';
import { createTestDatabase } from '../support/test-database';

const here = path.dirname(fileURLToPath(import.meta.url));

// The fixture lives in the rest_test schema, so clients are not tied to "public".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RestClient = SupabaseClient<any, string, string>;

export interface RestPlatform {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  db: Database;
  platform: RunningPlatform;
  client(options?: SupabaseClientOptions<string>): RestClient;
  adminClient(): RestClient;
  /** A client acting as a signed-in user with this id. */
  userClient(sub: string): Promise<RestClient>;
  /** fetch against /rest/v1 with the anon key unless an apikey header is given. */
  rest(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

export async function startRestPlatform(env: Record<string, string> = {}): Promise<RestPlatform> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: '.data-test-unused',
    CPR_ENCRYPTION_KEY: 'test-cpr-key-0123456789',
    DEMO_DATA: 'false',
    REST_SCHEMAS: 'rest_test,personal',
    REST_TX_END: 'commit-allow-override',
    ...env,
  });
  const platform = await startPlatform({
    config,
    logger: pino({ level: config.logLevel }),
    db: testDb.db,
    inMemoryKeys: true,
    migrationSources: defaultMigrationSources(repoRoot).filter((s) => s.ledger === 'platform'),
  });
  await testDb.db.exec(await readFile(path.join(here, 'fixture.sql'), 'utf8'));
  await testDb.db.exec(`notify pgrst, 'reload schema'`);
  const make = (key: string, options?: SupabaseClientOptions<string>): RestClient =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createClient<any, string, string>(platform.url, key, {
      ...options,
      db: { schema: 'rest_test', ...options?.db },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  return {
    url: platform.url,
    anonKey: platform.keys.anonKey,
    serviceRoleKey: platform.keys.serviceRoleKey,
    db: testDb.db,
    platform,
    client: (options) => make(platform.keys.anonKey, options),
    adminClient: () => make(platform.keys.serviceRoleKey),
    async userClient(sub) {
      const jwt = await signJwt(platform.keys, { sub, role: 'authenticated', aud: 'authenticated' }, 3600);
      return make(platform.keys.anonKey, { global: { headers: { Authorization: `Bearer ${jwt}` } } });
    },
    rest(pathAndQuery, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('apikey')) headers.set('apikey', platform.keys.anonKey);
      return fetch(`${platform.url}/rest/v1${pathAndQuery}`, { ...init, headers });
    },
    async stop() {
      await platform.stop();
      if (testDb.url) await testDb.drop();
    },
  };
}
