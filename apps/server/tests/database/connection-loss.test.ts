// The database going away under a running server (decision 1001): on PostgreSQL every
// backend the server holds is terminated mid-statement, as a restart or failover does
// (57P01). Nothing may emit an unheard 'error' (vitest fails a file on an uncaught one),
// statements in flight fail as "unavailable", the services answer 503 with Retry-After in
// their own formats, the next request works, and LISTEN is subscribed again. The error
// translation itself is engine-independent and runs on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError, isConnectionLoss, toDatabaseError, type Database } from '../../src/database/database';
import { fromDatabaseError } from '../../src/services/rest/rest-error';
import { toStorageError } from '../../src/services/storage/storage-errors';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';
import { adminQuery, createTestDatabase, testEngine, type TestDatabase } from '../support/test-database';

const baseUrl = process.env.TEST_DATABASE_URL;

describe('connection loss: error translation', () => {
  it('turns the driver and server signs of a lost connection into an unavailable error', () => {
    const terminated = toDatabaseError(new Error('Connection terminated unexpectedly'), 'postgres');
    expect(terminated).toBeInstanceOf(DatabaseError);
    expect((terminated as DatabaseError).code).toBe('08006');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isConnectionLoss(refused)).toBe(true);
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003'])
      expect({ code, lost: isConnectionLoss(new DatabaseError('x', code, undefined, undefined)) }).toEqual({
        code,
        lost: true,
      });
    expect(isConnectionLoss(new DatabaseError('dup', '23505', undefined, undefined))).toBe(false);
    expect(isConnectionLoss(new TypeError('a bug'))).toBe(false);
  });

  it('answers unavailable as 503 with Retry-After in the REST and storage formats', () => {
    const lost = new DatabaseError(
      'terminating connection due to administrator command',
      '57P01',
      undefined,
      undefined,
    );
    const rest = fromDatabaseError(lost, false);
    expect({ status: rest.status, retry: rest.headers['Retry-After'] }).toEqual({ status: 503, retry: '1' });
    const storage = toStorageError(new DatabaseError('lost', '08006', undefined, undefined));
    expect({ code: storage.code, http: storage.httpStatus }).toEqual({ code: 'DatabaseError', http: 503 });
  });
});

/** Terminates every backend of the server's database (ours, not the test's admin link). */
async function terminateServerBackends(database: string): Promise<void> {
  await adminQuery(
    baseUrl!,
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = '${database}' and application_name = 'club-platform'`,
  );
}

const waitForStatement = (database: string, fragment: string) => waitForState(database, fragment, 'active');

async function waitForGone(database: string, fragment: string): Promise<void> {
  const probe = await createProbe();
  try {
    for (;;) {
      const r = await probe.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where datname = $1 and query like $2`,
        [database, `%${fragment}%`],
      );
      if (Number(r.rows[0]!.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await probe.close();
  }
}

async function waitForState(database: string, fragment: string, state: string): Promise<void> {
  const probe = await createProbe();
  try {
    for (;;) {
      const r = await probe.query<{ n: string }>(
        `select count(*) as n from pg_stat_activity where datname = $1 and query like $2 and state = $3`,
        [database, `%${fragment}%`, state],
      );
      if (Number(r.rows[0]!.n) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await probe.close();
  }
}

async function createProbe(): Promise<Database> {
  const { openPostgresDatabase } = await import('../../src/database/postgres-database');
  return openPostgresDatabase({ connectionString: baseUrl!, maxConnections: 1 });
}

if (testEngine === 'postgres')
  describe('connection loss on PostgreSQL', () => {
    let t: TestDatabase;
    let database: string;
    beforeAll(async () => {
      t = await createTestDatabase({ empty: true });
      database = new URL(t.url!).pathname.slice(1);
    });
    afterAll(async () => {
      await t.drop();
    });

    it('fails statements in flight as unavailable, keeps working, and listens again', async () => {
      const heard: string[] = [];
      await t.db.listen('loss_probe', (payload) => heard.push(payload));
      const inTransaction = t.db.transaction((tx) => tx.query('select pg_sleep(30) as in_transaction'));
      const outside = t.db.query('select pg_sleep(30) as outside');
      const settled = Promise.allSettled([inTransaction, outside]);
      await waitForStatement(database, 'as in_transaction');
      await waitForStatement(database, 'as outside');
      await terminateServerBackends(database);
      const results = await settled;
      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect(isConnectionLoss((result as PromiseRejectedResult).reason)).toBe(true);
      }
      expect((await t.db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);

      // A transaction between statements: its checked-out connection has no statement for
      // the server's message to fail, so pg emits it as 'error' on the client.
      let resume!: () => void;
      const gate = new Promise<void>((resolve) => (resume = resolve));
      const between = t.db.transaction(async (tx) => {
        await tx.query('select 1 as between_statements');
        await gate;
        return tx.query('select 2');
      });
      const betweenSettled = between.then(
        () => 'committed',
        (error: unknown) => (isConnectionLoss(error) ? 'unavailable' : String(error)),
      );
      await waitForState(database, 'between_statements', 'idle in transaction');
      await terminateServerBackends(database);
      await waitForGone(database, 'between_statements');
      resume();
      expect(await betweenSettled).toBe('unavailable');
      expect((await t.db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      // The LISTEN connection comes back on its own; NOTIFY until one is heard.
      for (let i = 0; !heard.includes('after'); i++) {
        await t.db.query(`notify loss_probe, 'after'`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(heard).toContain('after');
    });
  });

if (testEngine === 'postgres')
  describe('connection loss under the running platform', () => {
    let p: TestPlatform;
    let database: string;
    beforeAll(async () => {
      p = await startTestPlatform();
      database = (await p.db.query<{ d: string }>('select current_database() as d')).rows[0]!.d;
      await p.db.exec(`
      create function public.loss_slow_answer() returns int language sql as 'select 1 from pg_sleep(30)';
      grant execute on function public.loss_slow_answer() to anon;`);
    });
    afterAll(async () => {
      await p.stop();
    });

    it('answers a REST request in flight with 503 and Retry-After, and the next one normally', async () => {
      const call = fetch(`${p.url}/rest/v1/rpc/loss_slow_answer`, {
        method: 'POST',
        headers: { apikey: p.anonKey, 'content-type': 'application/json' },
        body: '{}',
      });
      await waitForStatement(database, 'loss_slow_answer');
      await terminateServerBackends(database);
      const answer = await call;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('1');
      expect(await answer.json()).toMatchObject({ code: '57P01' });
      const health = await fetch(`${p.url}/auth/v1/health`, { headers: { apikey: p.anonKey } });
      expect(health.status).toBe(200);
      const { error } = await p.client().from('communities').select('id').limit(1);
      expect(error).toBeNull();
    });
  });
