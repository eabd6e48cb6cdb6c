// The request time limit (504 request_timeout in both error formats), the access token
// hook's failure and time-limit paths (a hook that raises, one that sleeps), and rate limits shared by two server instances on
// one database.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/database/database';
import { defaultMigrationSources, migrate } from '../../src/database/migrator';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { repoRoot, startPlatform, type RunningPlatform } from '../../src/platform';
import { RateLimits } from '../../src/services/auth/rate-limits';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { strongPassword, uniqueEmail } from './auth-test-kit';

// Sleeps as long as the address asks (hook-sleep-<milliseconds>-…) or raises for hook-raise-….
const sleepyHook = `
  create or replace function public.sleepy_token_hook(event jsonb) returns jsonb language plpgsql as $$
  declare
    email text := event->'claims'->>'email';
  begin
    if email like 'hook-raise-%' then
      raise exception 'the hook fell over';
    end if;
    if email like 'hook-sleep-%' then
      perform pg_sleep(split_part(email, '-', 3)::int / 1000.0);
    end if;
    return jsonb_build_object('claims', event->'claims');
  end $$;`;

async function passwordGrant(t: TestPlatform, email: string, newFormat: boolean): Promise<Response> {
  return fetch(`${t.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: t.anonKey,
      'content-type': 'application/json',
      ...(newFormat ? { 'x-supabase-api-version': '2024-01-01' } : {}),
    },
    body: JSON.stringify({ email, password: strongPassword }),
  });
}

async function createUser(t: TestPlatform, email: string): Promise<string> {
  const created = await t.adminClient().auth.admin.createUser({
    email,
    password: strongPassword,
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  return created.data.user!.id;
}

async function sessionCount(t: TestPlatform, email: string): Promise<number> {
  const { rows } = await t.db.query<{ n: string }>(
    'select count(*)::text as n from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
    [email],
  );
  return Number(rows[0]?.n);
}

describe('the request time limit', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({ AUTH_API_MAX_REQUEST_DURATION: '4' });
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  it('answers 504 request_timeout in both error formats when a request runs past it', async () => {
    const email = uniqueEmail('slow');
    const userId = await createUser(t, email);
    // While this transaction holds the user's row, signing in waits past the limit.
    const [current, legacy, viaClient] = await t.db.transaction(async (q) => {
      await q.query('select id from auth.users where id = $1 for update', [userId]);
      return Promise.all([
        passwordGrant(t, email, true),
        passwordGrant(t, email, false),
        t.client().auth.signInWithPassword({ email, password: strongPassword }),
      ]);
    });
    expect(current.status).toBe(504);
    expect(current.headers.get('x-sb-error-code')).toBe('request_timeout');
    expect(await current.json()).toEqual({
      code: 'request_timeout',
      message: 'Processing this request timed out, please retry after a moment.',
    });
    expect(legacy.status).toBe(504);
    expect(await legacy.json()).toEqual({
      code: 504,
      error_code: 'request_timeout',
      error_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      msg: 'Processing this request timed out, please retry after a moment.',
    });
    expect(viaClient.data.session).toBeNull();
    expect(viaClient.error?.status).toBe(504);
    expect(viaClient.error?.message).toBe('Processing this request timed out, please retry after a moment.');
    // Let the abandoned sign-ins finish before the next test and the shutdown.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  });

  it('leaves requests within the limit alone', async () => {
    const email = uniqueEmail('quick');
    await createUser(t, email);
    const res = await passwordGrant(t, email, true);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { access_token: string }).access_token.split('.')).toHaveLength(3);
  });
});

describe('access token hook failures', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({
      AUTH_HOOK_CUSTOM_ACCESS_TOKEN: 'pg-functions://postgres/public/sleepy_token_hook',
    });
    await t.db.exec(sleepyHook);
  }, 180_000);
  afterAll(async () => {
    await t.stop();
  });

  const failures = [
    {
      what: 'raises',
      prefix: 'hook-raise',
      body: { code: 'unexpected_failure', message: 'Error running the custom access token hook' },
    },
    {
      what: 'runs past its 2 s limit',
      prefix: 'hook-sleep-2600',
      body: { code: 'hook_timeout', message: 'Failed to reach hook within maximum time of 2.000000 seconds' },
    },
  ];
  for (const failure of failures) {
    it(`answers 500 ${failure.body.code} when the hook ${failure.what}, and creates no session`, async () => {
      const email = uniqueEmail(failure.prefix);
      await createUser(t, email);
      const res = await passwordGrant(t, email, true);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual(failure.body);
      expect(await sessionCount(t, email)).toBe(0);
    });
  }

  it('undoes the refresh-token rotation when the hook fails on a refresh', async () => {
    const email = uniqueEmail('hook-ok');
    const userId = await createUser(t, email);
    const signedIn = (await (await passwordGrant(t, email, true)).json()) as { refresh_token: string };
    await t.db.query(`update auth.users set email = $2 where email = $1`, [
      email,
      email.replace('hook-ok', 'hook-raise'),
    ]);
    const refresh = () =>
      fetch(`${t.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: {
          apikey: t.anonKey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ refresh_token: signedIn.refresh_token }),
      });
    expect((await refresh()).status).toBe(500);
    const { rows } = await t.db.query<{ active: string; revoked: string }>(
      `select count(*) filter (where not revoked)::text as active, count(*) filter (where revoked)::text as revoked
         from auth.refresh_tokens where user_id = $1`,
      [userId],
    );
    expect(rows[0]).toEqual({ active: '1', revoked: '0' });
    await t.db.query(`update auth.users set email = $1 where email = $2`, [
      email,
      email.replace('hook-ok', 'hook-raise'),
    ]);
    const after = await refresh();
    expect(after.status).toBe(200);
  });
});

/** The same database under a second name whose close() leaves it open for its owner. */
function borrowed(db: Database): Database {
  return {
    engine: db.engine,
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: async () => undefined,
  };
}

describe('rate limits shared between server instances', () => {
  let first: TestPlatform;
  let second: RunningPlatform;
  const env = {
    AUTH_RATE_LIMIT_HEADER: 'X-Real-IP',
    AUTH_RATE_LIMIT_EMAIL_SENT: '4',
    AUTH_MAX_FREQUENCY: '0',
  };
  beforeAll(async () => {
    first = await startTestPlatform(env);
    // On PostgreSQL the second instance has its own connection pool, as a second
    // process would. PGlite is one process by design and cannot be opened twice, so
    // there the second instance shares the first one's handle; its counters in memory
    // would still be its own.
    let db: Database;
    if (first.db.engine === 'postgres') {
      const { rows } = await first.db.query<{ name: string }>('select current_database() as name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      db = await openPostgresDatabase({ connectionString: url.toString(), maxConnections: 3 });
    } else {
      db = borrowed(first.db);
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATA_DIR: '.data-test-unused',
      CPR_ENCRYPTION_KEY: 'test-cpr-key-0123456789',
      DEMO_DATA: 'false',
      ...env,
    });
    second = await startPlatform({
      config,
      logger: pino({ level: 'silent' }),
      db,
      inMemoryKeys: true,
      scheduledJobs: false,
      webDir: '/nonexistent/club-platform-web',
    });
  }, 180_000);
  afterAll(async () => {
    await second.stop();
    await first.stop();
  });

  it('counts per-IP requests across both instances', async () => {
    const send = (base: string, apikey: string, ip: string) =>
      fetch(`${base}/auth/v1/token?grant_type=unknown`, {
        method: 'POST',
        headers: {
          apikey,
          'content-type': 'application/json',
          'x-real-ip': ip,
          'x-supabase-api-version': '2024-01-01',
        },
        body: '{}',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const useFirst = i % 2 === 0;
      statuses.push(
        (
          await send(
            useFirst ? first.url : second.url,
            useFirst ? first.anonKey : second.keys.anonKey,
            '198.51.100.7',
          )
        ).status,
      );
    }
    expect(statuses).toEqual(Array.from({ length: 30 }, () => 400));
    for (const [base, key] of [
      [first.url, first.anonKey],
      [second.url, second.keys.anonKey],
    ] as const) {
      const limited = await send(base, key, '198.51.100.7');
      expect(limited.status).toBe(429);
      expect(await limited.json()).toEqual({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
    }
    expect((await send(second.url, second.keys.anonKey, '198.51.100.8')).status).toBe(400);
    const { rows } = await first.db.query<{ hits: number }>(
      `select hits from auth.rate_limit_counters where bucket = 'token:198.51.100.7'`,
    );
    expect(rows[0]?.hits).toBe(32);
  });

  it('counts sent mail per hour across both instances', async () => {
    const signUp = async (base: string, apikey: string) => {
      const res = await fetch(`${base}/auth/v1/signup`, {
        method: 'POST',
        headers: {
          apikey,
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
        },
        body: JSON.stringify({ email: uniqueEmail('shared'), password: strongPassword }),
      });
      return { status: res.status, body: (await res.json()) as { code?: string; message?: string } };
    };
    const answers = [];
    for (let i = 0; i < 4; i++) {
      answers.push(
        i % 2 === 0 ? await signUp(first.url, first.anonKey) : await signUp(second.url, second.keys.anonKey),
      );
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const [base, key] of [
      [first.url, first.anonKey],
      [second.url, second.keys.anonKey],
    ] as const) {
      const refused = await signUp(base, key);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        code: 'over_email_send_rate_limit',
        message: 'email rate limit exceeded',
      });
    }
  });
});

describe('rate-limit counter housekeeping', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    // A fresh PostgreSQL test database starts empty; the PGlite one is already migrated.
    await migrate(
      testDb.db,
      defaultMigrationSources(repoRoot).filter((source) => source.ledger === 'platform'),
    );
  }, 180_000);
  afterAll(async () => {
    await testDb.drop();
  });

  it('deletes expired windows from inside a sending transaction without waiting on itself', async () => {
    const db = testDb.db;
    await db.query(
      `insert into auth.rate_limit_counters (bucket, window_start, expires_at, hits)
       values ('token:192.0.2.1', now() - interval '2 hours', now() - interval '1 hour', 3)`,
    );
    const limits = new RateLimits(db, 10_000, undefined);
    // The 500th counted request prunes; on PGlite the transaction holds the only connection.
    await db.transaction(async (q) => {
      for (let i = 0; i < 500; i++) await limits.takeSend(q, 'email');
    });
    const { rows } = await db.query<{ bucket: string; hits: number }>(
      'select bucket, hits from auth.rate_limit_counters order by bucket',
    );
    expect(rows).toEqual([{ bucket: 'send:email', hits: 500 }]);
  });

  it('refuses the send past the hourly limit and counts per-IP requests in windows of 30', async () => {
    const db = testDb.db;
    const limits = new RateLimits(db, 2, 1);
    await limits.takeSend(db, 'sms');
    await expect(limits.takeSend(db, 'sms')).rejects.toMatchObject({
      status: 429,
      code: 'over_sms_send_rate_limit',
    });
    for (let i = 0; i < 30; i++) await limits.takeRequest('otp', '192.0.2.2', 30, 300);
    await expect(limits.takeRequest('otp', '192.0.2.2', 30, 300)).rejects.toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    await limits.takeRequest('otp', undefined, 30, 300);
    const { rows } = await db.query<{ seconds: number }>(
      `select extract(epoch from expires_at - window_start)::int as seconds
         from auth.rate_limit_counters where bucket = 'otp:192.0.2.2'`,
    );
    expect(rows).toEqual([{ seconds: 300 }]);
  });
});
