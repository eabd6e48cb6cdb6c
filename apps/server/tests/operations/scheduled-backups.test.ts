// Backups the running server makes on its schedule (BACKUP_SCHEDULE), rotated down to
// BACKUP_KEEP, with the last good one in /health and /metrics; /metrics itself (Prometheus
// text, closed without the service-role key or METRICS_TOKEN).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackupStatus } from '../../src/operations/backup-status';
import { scheduledBackupPattern } from '../../src/operations/create-backup';
import { freshPostgres, passphrase, startClub, tempDir, type Club } from './club-kit';

const metricsToken = 'metrics-token-0123456789';
const dir = tempDir('club-scheduled-');
const backupDir = path.join(dir, 'backups');
let club: Club;
const cleanups: (() => Promise<unknown> | void)[] = [() => fs.rmSync(dir, { recursive: true, force: true })];

const scheduledFiles = () =>
  fs
    .readdirSync(backupDir)
    .filter((name) => scheduledBackupPattern.test(name))
    .sort();

beforeAll(async () => {
  const database = await freshPostgres();
  if (database) cleanups.push(() => database.drop());
  club = await startClub({
    DATA_DIR: path.join(dir, 'data'),
    ...(database ? { DATABASE_URL: database.url } : {}),
    BACKUP_SCHEDULE: '* * * * * *',
    BACKUP_DIR: backupDir,
    BACKUP_KEEP: '2',
    BACKUP_PASSPHRASE: passphrase,
    METRICS_TOKEN: metricsToken,
  });
  cleanups.push(() => club.stop());
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('scheduled backups', () => {
  it('makes backups on the schedule, keeps the newest BACKUP_KEEP and shows the last good one', async () => {
    fs.mkdirSync(backupDir, { recursive: true });
    fs.writeFileSync(path.join(backupDir, 'my-own-copy.tar.gz.age'), 'not rotated');
    // The schedule fires every second: wait for its first good backup.
    const deadline = Date.now() + 90_000;
    while (!readBackupStatus(backupDir).lastSuccess && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const first = readBackupStatus(backupDir).lastSuccess;
    expect(first?.file).toMatch(scheduledBackupPattern);
    // The backup command records its success before its process exits, so the scheduled run
    // that wrote `first` may still be in flight here, and runNow() would hand back that run.
    let second = await club.platform.backups!.runNow();
    if (path.basename(second) === first!.file) second = await club.platform.backups!.runNow();
    expect(path.basename(second)).not.toBe(first!.file);
    const third = await club.platform.backups!.runNow();
    await club.platform.backups!.stop();

    const kept = scheduledFiles();
    expect(kept).toHaveLength(2);
    expect(kept).toContain(path.basename(third));
    expect(kept).not.toContain(first!.file);
    expect(kept.every((name) => fs.existsSync(path.join(backupDir, `${name}.sha256`)))).toBe(true);
    expect(fs.readFileSync(path.join(backupDir, 'my-own-copy.tar.gz.age'), 'utf8')).toBe('not rotated');
    expect(path.basename(second) < path.basename(third)).toBe(true);

    const health = (await (await fetch(`${club.platform.url}/health`)).json()) as {
      backup: { scheduled: boolean; last_success_at: string | null; last_failure_at: string | null };
    };
    expect(health.backup.scheduled).toBe(true);
    expect(health.backup.last_failure_at).toBeNull();
    expect(Date.parse(health.backup.last_success_at!)).toBeGreaterThanOrEqual(Date.parse(first!.at));
  }, 180_000);
});

describe('/metrics', () => {
  const scrape = (token?: string) =>
    fetch(`${club.platform.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('is closed without the service-role key or the metrics token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(club.platform.keys.anonKey)).status).toBe(401);
    expect((await scrape(metricsToken)).status).toBe(200);
  });

  it('counts requests per service and status, the pool, realtime, mail and the last backup', async () => {
    const client = club.client();
    await client.from('communities').select('id').limit(1);
    await fetch(`${club.platform.url}/rest/v1/no_such_table`, {
      headers: { apikey: club.platform.keys.anonKey },
    });
    const signUp = await client.auth.signUp({ email: 'metrics@example.dk', password: 'Metrics-2026-long' });
    expect(signUp.error).toBeNull();
    const channel = client.channel('metrics-room');
    await new Promise<void>((resolve) => channel.subscribe((status) => status === 'SUBSCRIBED' && resolve()));

    const response = await scrape(club.platform.keys.serviceRoleKey);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
    expect(value(/^club_http_requests_total\{service="rest",status="200"\} (\d+)/m)).toBeGreaterThanOrEqual(
      1,
    );
    expect(value(/^club_http_requests_total\{service="rest",status="404"\} (\d+)/m)).toBeGreaterThanOrEqual(
      1,
    );
    expect(value(/^club_http_requests_total\{service="auth",status="200"\} (\d+)/m)).toBeGreaterThanOrEqual(
      1,
    );
    expect(text).toMatch(
      /^club_http_request_duration_seconds_bucket\{le="0\.1",service="rest",status="200"\} \d+/m,
    );
    expect(text).toMatch(/^club_db_pool_connections\{engine="(pglite|postgres)",state="total"\} \d+/m);
    expect(value(/^club_service_gauge\{service="realtime",name="sockets"\} (\d+)/m)).toBe(1);
    expect(value(/^club_service_gauge\{service="realtime",name="channels"\} (\d+)/m)).toBe(1);
    expect(value(/^club_mail_total\{outcome="sent"\} (\d+)/m)).toBe(1);
    expect(value(/^club_mail_total\{outcome="failed"\} (\d+)/m)).toBe(0);
    const lastBackup = value(/^club_backup_last_success_timestamp_seconds (\S+)/m);
    expect(lastBackup * 1000).toBe(Date.parse(readBackupStatus(backupDir).lastSuccess!.at));
    await client.removeChannel(channel);
  });
});
