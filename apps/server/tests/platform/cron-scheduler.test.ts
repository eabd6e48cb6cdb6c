// The generic scheduler (decision 1021) with two server instances on one database: a job
// declared with cron.schedule runs once per scheduled time whichever instances look, never
// while its previous run is unfinished, and a request queued with net.http_post is sent once.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/database/database';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { dueSlots } from '../../src/jobs/cron-scheduler';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let testDb: TestDatabase;
const instances: RunningPlatform[] = [];
let calls = 0;
let listener: http.Server;
let listenerUrl: string;

/** Both instances' schedulers. */
const schedulers = () => instances.map((instance) => instance.scheduler!);

async function startInstance(db: Database): Promise<RunningPlatform> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: '.data-test-unused',
    CPR_ENCRYPTION_KEY: 'test-cpr-key-0123456789',
  });
  return startPlatform({
    config,
    logger: pino({ level: 'silent' }),
    db,
    inMemoryKeys: true,
    webDir: '/nonexistent',
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  // The second instance has its own pool on PostgreSQL; the embedded database is one
  // process's, so there it shares the handle (and leaves closing it to the first).
  const second = testDb.url
    ? await openPostgresDatabase({ connectionString: testDb.url, maxConnections: 3 })
    : (Object.assign(Object.create(testDb.db) as Database, { close: async () => undefined }) as Database);
  instances.push(await startInstance(testDb.db), await startInstance(second));
  listener = http.createServer((req, res) => {
    calls += 1;
    req.resume();
    req.on('end', () => res.writeHead(202, { 'content-type': 'text/plain' }).end('taken'));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/hook`;
  // New Year's Day only, so the instances' own ticks on today's clock never run these jobs.
  await testDb.db.exec(`
    create table public.cron_test_runs (id bigint generated always as identity, slot_note text, ran_as text default current_user);
    select cron.schedule('cron-test-insert', '0 10 1 1 *', $$insert into public.cron_test_runs (slot_note) values ('ten')$$);
    select cron.schedule('cron-test-call', '0 10 1 1 *', $$select net.http_post(url := '${listenerUrl}', body := '{"n": 1}')$$);
    select cron.schedule('cron-test-slow', '* 11 1 1 *', $$insert into public.cron_test_runs (slot_note) values ('slow')$$);`);
}, 120_000);

afterAll(async () => {
  for (const instance of instances.reverse()) await instance.stop();
  await new Promise<void>((resolve) => listener?.close(() => resolve()));
  if (testDb?.url) await testDb.drop();
});

describe('scheduled jobs on two instances', () => {
  it('runs a job once per scheduled time however many times the instances look', async () => {
    const at = new Date('2027-01-01T10:00:20Z');
    const ran = await Promise.all([...schedulers(), ...schedulers()].map((s) => s.runDue(at)));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(2);
    // A minute later the instances still see 10:00 as owed, and it is already claimed.
    const later = await Promise.all(schedulers().map((s) => s.runDue(new Date('2027-01-01T10:01:05Z'))));
    expect(later).toEqual([0, 0]);
    const rows = await testDb.db.query<{ slot_note: string; ran_as: string }>(
      'select slot_note, ran_as from public.cron_test_runs',
    );
    expect(rows.rows).toEqual([{ slot_note: 'ten', ran_as: expect.any(String) }]);
    const log = await testDb.db.query<{ jobname: string; status: string; slot: string }>(
      `select j.jobname, d.status, d.slot::text from cron.job_run_details d join cron.job j using (jobid)
       order by j.jobname`,
    );
    expect(log.rows.map((r) => [r.jobname, r.status])).toEqual([
      ['cron-test-call', 'succeeded'],
      ['cron-test-insert', 'succeeded'],
    ]);
  });

  it('sends a request queued by a job once', async () => {
    const sent = await Promise.all([...schedulers(), ...schedulers()].map((s) => s.sendQueued()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(calls).toBe(1);
    const answer = await testDb.db.query<{ status_code: number; content: string }>(
      'select status_code, content from net._http_response',
    );
    expect(answer.rows).toEqual([{ status_code: 202, content: 'taken' }]);
  });

  it("does not start a job's next run while its previous one is unfinished", async () => {
    // Another instance's run of 11:00 still going (as cron.claim_run records one).
    await testDb.db.exec(`insert into cron.job_run_details (jobid, status, start_time, slot)
      select jobid, 'running', now(), '2027-01-01T11:00:00Z' from cron.job where jobname = 'cron-test-slow'`);
    const at = new Date('2027-01-01T11:01:10Z');
    expect(await Promise.all(schedulers().map((s) => s.runDue(at)))).toEqual([0, 0]);
    // Its instance died an hour ago: the run no longer holds the job.
    await testDb.db.exec(`update cron.job_run_details set start_time = now() - interval '1 hour'
      where status = 'running' and jobid = (select jobid from cron.job where jobname = 'cron-test-slow')`);
    const ran = await Promise.all(schedulers().map((s) => s.runDue(at)));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(1);
    const slowRuns = await testDb.db.query<{ n: number }>(
      "select count(*)::int as n from public.cron_test_runs where slot_note = 'slow'",
    );
    expect(slowRuns.rows[0]?.n).toBe(1);
  });

  it('records a failed run with its message', async () => {
    await testDb.db.exec(`select cron.schedule('cron-test-broken', '0 13 1 1 *', 'select 1/0')`);
    expect(await schedulers()[0]!.runDue(new Date('2027-01-01T13:00:00Z'))).toBe(1);
    const log = await testDb.db.query<{ status: string; return_message: string }>(
      `select status, return_message from cron.job_run_details d join cron.job j using (jobid)
       where j.jobname = 'cron-test-broken'`,
    );
    expect(log.rows).toEqual([{ status: 'failed', return_message: 'division by zero' }]);
  });
});

describe('schedules in pg_cron syntax', () => {
  it('owes a run in its minute and the one after, and every N seconds', () => {
    expect(dueSlots('0 10 * * *', new Date('2027-03-04T10:00:59Z')).map((d) => d.toISOString())).toEqual([
      '2027-03-04T10:00:00.000Z',
    ]);
    expect(dueSlots('0 10 * * *', new Date('2027-03-04T10:01:30Z')).map((d) => d.toISOString())).toEqual([
      '2027-03-04T10:00:00.000Z',
    ]);
    expect(dueSlots('0 10 * * *', new Date('2027-03-04T10:02:00Z'))).toEqual([]);
    expect(dueSlots('30 seconds', new Date('2027-03-04T10:02:45Z')).map((d) => d.toISOString())).toEqual([
      '2027-03-04T10:02:30.000Z',
    ]);
    expect(dueSlots('not a schedule', new Date())).toEqual([]);
  });
});
