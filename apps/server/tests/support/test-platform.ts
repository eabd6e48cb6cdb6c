// Starts the whole platform in-process on a free port for an integration test, with a
// fresh database and in-memory keys, and makes supabase-js clients pointed at it.
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import pino from 'pino';
import WebSocket from 'ws';
import { loadConfig, type Config } from '../../src/config';
import type { Database } from '../../src/database/database';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { createTestDatabase } from './test-database';

export interface TestPlatform {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The development inbox's secret (?token=), as the start-up message prints it. */
  devInboxToken: string;
  db: Database;
  config: Config;
  platform: RunningPlatform;
  /** Another server instance on the same database and configuration, with keys of its own (stopped with this one). */
  secondInstance(): Promise<RunningPlatform>;
  /** A supabase-js client with the anon key (no persisted session, no auto refresh). */
  client(options?: SupabaseClientOptions<'public'>): SupabaseClient;
  /** A supabase-js client with the service-role key. */
  adminClient(): SupabaseClient;
  stop(): Promise<void>;
}

export interface TestPlatformOptions {
  /** A built web app to serve; by default none, so API tests do not depend on a web build. */
  webDir?: string;
}

export async function startTestPlatform(
  env: Record<string, string> = {},
  options: TestPlatformOptions = {},
): Promise<TestPlatform> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: '.data-test-unused',
    CPR_ENCRYPTION_KEY: 'test-cpr-key-0123456789',
    DEMO_DATA: 'false',
    ...env,
  });
  let platform: RunningPlatform;
  try {
    platform = await startPlatform({
      config,
      logger: pino({ level: config.logLevel }),
      db: testDb.db,
      inMemoryKeys: true,
      webDir: options.webDir ?? '/nonexistent/club-platform-web',
    });
  } catch (error) {
    await testDb.drop();
    throw error;
  }
  const others: RunningPlatform[] = [];
  const make = (key: string, options?: SupabaseClientOptions<'public'>) =>
    createClient(platform.url, key, {
      ...options,
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options?.auth },
      realtime: { transport: WebSocket as never, ...options?.realtime },
    });
  return {
    url: platform.url,
    anonKey: platform.keys.anonKey,
    serviceRoleKey: platform.keys.serviceRoleKey,
    devInboxToken: platform.keys.devInboxToken,
    db: testDb.db,
    config,
    platform,
    client: (options) => make(platform.keys.anonKey, options),
    async secondInstance() {
      // Its own pool on PostgreSQL; the embedded database belongs to one process, so there
      // the second instance shares the handle and leaves closing it to the first.
      const db = testDb.url
        ? await openPostgresDatabase({ connectionString: testDb.url, maxConnections: 3 })
        : (Object.assign(Object.create(testDb.db) as Database, { close: async () => undefined }) as Database);
      const second = await startPlatform({
        config,
        logger: pino({ level: config.logLevel }),
        db,
        inMemoryKeys: true,
        webDir: options.webDir ?? '/nonexistent/club-platform-web',
      });
      others.push(second);
      return second;
    },
    adminClient: () => make(platform.keys.serviceRoleKey),
    async stop() {
      for (const other of others) await other.stop();
      await platform.stop();
      if (testDb.url) await testDb.drop();
    },
  };
}
