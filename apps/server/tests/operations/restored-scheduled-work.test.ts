// A restored copy keeps quiet (decision 1007): `npm run restore` leaves scheduled work paused
// in the restored database, the server started on it runs no cron job (reminders, retention)
// and says so in its start-up banner, until an operator resumes it; --run-scheduled-work
// restores without the pause. And with several instances on one database exactly one takes
// each scheduled backup.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/database/database';
import { repoRoot, startPlatform } from '../../src/platform';
import { freePort, spawnServer, waitForHealth } from '../process/server-process';
import { freshPostgres, passphrase, runCommand, startClub, tempDir, type Club } from './club-kit';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const probeRuns = async (club: Club) =>
  Number(
    (await club.platform.db.query<{ n: string }>('select count(*)::text as n from public.restore_probe'))
      .rows[0]!.n,
  );

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

function scheduledWorkCommand(action: string, env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'apps/server/scripts/scheduled-work.ts'), action],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, out })),
  );
}

async function target(prefix: string) {
  const dir = tempDir(prefix);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const database = await freshPostgres();
  if (database) cleanups.push(() => database.drop());
  return { DATA_DIR: dir, ...(database ? { DATABASE_URL: database.url } : {}), CRON_CHECK_SECONDS: '1' };
}

describe('a restored copy', () => {
  it('starts with scheduled work paused, says so, and runs it once an operator resumes it', async () => {
    const sourceEnv = await target('club-sched-source-');
    const source = await startClub(sourceEnv);
    cleanups.push(() => source.stop());
    // A job every second, as a reminder job is every few minutes: it runs on the source.
    await source.platform.db.exec(`
      create table public.restore_probe (id bigint generated always as identity, at timestamptz default now());
      select cron.schedule('restore-probe', '1 seconds', $$insert into public.restore_probe default values$$);`);
    expect(await waitFor(async () => (await probeRuns(source)) > 0, 20_000)).toBe(true);
    // A run in progress as the backup is taken (the job runs every second, so a dump often
    // catches one): the backup holds it as 'running', and no restored instance will finish it.
    await source.platform.db.query(
      `insert into cron.job_run_details (jobid, database, username, command, status, start_time, slot)
       select jobid, database, username, command, 'running', clock_timestamp(), now() + interval '1 hour'
       from cron.job where jobname = 'restore-probe'`,
    );
    const backupFile = path.join(sourceEnv.DATA_DIR, 'probe.tar.gz.age');
    const backup = await runCommand('backup', [backupFile], { ...source.env, BACKUP_PASSPHRASE: passphrase });
    expect(backup.code, backup.stderr).toBe(0);
    await source.stop();

    const restoredEnv = await target('club-sched-restored-');
    const restore = await runCommand('restore', [backupFile], {
      ...restoredEnv,
      BACKUP_PASSPHRASE: passphrase,
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('scheduled work: PAUSED');

    // The server process on the restored copy says so in its banner and runs no job.
    const port = await freePort();
    const server = spawnServer({ ...restoredEnv, PORT: String(port), HOST: '127.0.0.1' });
    cleanups.push(() => void server.child.kill('SIGKILL'));
    await waitForHealth(server);
    expect(server.output()).toContain('Scheduled work: PAUSED (restored from probe.tar.gz.age');
    expect(server.output()).toContain('npm run scheduled-work -- resume');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restored = await startClub(restoredEnv);
    cleanups.push(() => restored.stop());
    expect(restored.platform.scheduledWork?.paused()).toBe(true);
    const before = await probeRuns(restored);
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(await probeRuns(restored)).toBe(before);
    await restored.stop();

    // The operator resumes it; the next start runs the job again.
    const resumed = await scheduledWorkCommand('resume', restoredEnv);
    expect(resumed.code, resumed.out).toBe(0);
    expect(resumed.out).toContain('Scheduled work runs');
    const running = await startClub(restoredEnv);
    cleanups.push(() => running.stop());
    expect(running.platform.scheduledWork?.paused()).toBe(false);
    expect(await waitFor(async () => (await probeRuns(running)) > before, 30_000)).toBe(true);
    await running.stop();

    // A real recovery restores with --run-scheduled-work and starts running at once.
    const recoveredEnv = await target('club-sched-recovered-');
    const recovery = await runCommand('restore', [backupFile, '--run-scheduled-work'], {
      ...recoveredEnv,
      BACKUP_PASSPHRASE: passphrase,
    });
    expect(recovery.code, recovery.stderr).toBe(0);
    expect(recovery.stdout).toContain('scheduled work: runs when the server starts');
    const recovered = await startClub(recoveredEnv);
    cleanups.push(() => recovered.stop());
    expect(recovered.platform.scheduledWork?.paused()).toBe(false);
    const restoredRuns = await probeRuns(recovered);
    expect(await waitFor(async () => (await probeRuns(recovered)) > restoredRuns, 30_000)).toBe(true);
    // The run the backup caught is recorded as interrupted, not left holding the job.
    const caught = await recovered.platform.db.query<{ status: string; return_message: string }>(
      `select status, return_message from cron.job_run_details where slot > now() + interval '30 minutes'`,
    );
    expect(caught.rows).toEqual([
      { status: 'failed', return_message: 'interrupted: it was running when the backup was taken' },
    ]);
  }, 300_000);
});

describe('scheduled backups on several instances', () => {
  it('are taken by exactly one instance per scheduled time, and by none while paused', async () => {
    const env = await target('club-sched-backups-');
    const backupDir = path.join(env.DATA_DIR, 'backups');
    // New Year's Day only, so the schedule itself never fires during the test.
    const backupEnv = {
      ...env,
      BACKUP_SCHEDULE: '0 3 1 1 *',
      BACKUP_DIR: backupDir,
      BACKUP_PASSPHRASE: passphrase,
    };
    const first = await startClub(backupEnv);
    cleanups.push(() => first.stop());
    // The second instance has its own pool on PostgreSQL; the embedded database is one
    // process's, so there it shares the handle (and leaves closing it to the first).
    const configEnv = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      ...backupEnv,
    };
    const shared = Object.assign(Object.create(first.platform.db) as Database, {
      close: async () => undefined,
    });
    const second = await startPlatform({
      config: loadConfig(configEnv),
      logger: pino({ level: 'silent' }),
      webDir: '/nonexistent',
      ...(env.DATABASE_URL ? {} : { db: shared }),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...configEnv },
    });
    cleanups.push(() => second.stop());
    const instances = [first.platform.backups!, second.backups!];

    const slot = new Date('2027-01-01T03:00:00Z');
    const taken = await Promise.all([...instances, ...instances].map((b) => b.runScheduled(slot)));
    const files = taken.filter((file): file is string => file !== null);
    expect(files).toHaveLength(1);
    expect(fs.existsSync(files[0]!)).toBe(true);
    // The slot stays taken: an instance that looks again (a late tick) takes nothing.
    expect(await Promise.all(instances.map((b) => b.runScheduled(slot)))).toEqual([null, null]);
    const claims = await first.platform.db.query<{ instance: string }>(
      'select instance from operations.backup_runs where slot = $1',
      [slot.toISOString()],
    );
    expect(claims.rows).toHaveLength(1);

    // Paused (as after a restore), neither instance takes the next time.
    await first.platform.db.query("insert into operations.scheduled_work_pause (reason) values ('test')");
    await Promise.all([first.platform.scheduledWork!.refresh(), second.scheduledWork!.refresh()]);
    const next = new Date('2028-01-01T03:00:00Z');
    expect(await Promise.all(instances.map((b) => b.runScheduled(next)))).toEqual([null, null]);
    const nextClaims = await first.platform.db.query('select 1 from operations.backup_runs where slot = $1', [
      next.toISOString(),
    ]);
    expect(nextClaims.rows).toHaveLength(0);
  }, 180_000);
});
