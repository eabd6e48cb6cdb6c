// Scheduled backups in the running server (BACKUP_SCHEDULE, a cron expression): each run
// writes a dated, encrypted backup into BACKUP_DIR with the backup command in a child
// process (the SQL dump is CPU work that must not stall requests), logs the result, keeps
// the newest BACKUP_KEEP scheduled backups, and optionally uploads to S3 (backup-s3.ts).
// On the embedded database the server first copies its files in one step (server-snapshot.ts)
// and the child dumps that copy. With several instances on one database each scheduled time
// is claimed in it first (operations.backup_runs), so exactly one instance takes each backup;
// none is taken while scheduled work is paused (decision 1007).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../database/database';
import { readBackupStatus, recordBackupOutcome } from './backup-status';
import { uploadBackupToS3 } from './backup-s3';
import { defaultBackupName, scheduledBackupPattern } from './create-backup';
import { writeServerSnapshot } from './server-snapshot';
import { claimBackupSlot } from './scheduled-work';

export interface BackupScheduler {
  /** Runs one backup now (as the schedule does); resolves with the file or rejects. */
  runNow(): Promise<string>;
  /**
   * What the schedule does at `slot`: nothing while scheduled work is paused or another
   * instance has claimed that time; otherwise claims it and backs up. Resolves with the file,
   * or null when this instance did not take the slot.
   */
  runScheduled(slot: Date): Promise<string | null>;
  nextRunAt(): Date | null;
  stop(): Promise<void>;
}

export interface SchedulerDeps {
  config: Config;
  db: Database;
  logger: Logger;
  repoRoot: string;
  env: Record<string, string | undefined>;
  port: number;
  /** True while scheduled work is paused: the schedule then takes no backup. */
  paused?: () => boolean;
}

/** Deletes all but the newest `keep` scheduled backups (and their .sha256 files) in `dir`. */
export function rotateBackups(dir: string, keep: number): string[] {
  const backups = fs
    .readdirSync(dir)
    .filter((name) => scheduledBackupPattern.test(name))
    .sort()
    .reverse();
  const removed = backups.slice(keep);
  for (const name of removed) {
    fs.rmSync(path.join(dir, name), { force: true });
    fs.rmSync(path.join(dir, `${name}.sha256`), { force: true });
  }
  return removed;
}

function runBackupCommand(
  deps: SchedulerDeps,
  target: string,
  snapshot: string | undefined,
): Promise<string> {
  const args = ['--import', 'tsx', path.join(deps.repoRoot, 'apps/server/scripts/backup.ts'), target];
  if (snapshot) args.push('--snapshot', snapshot);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(deps.env)) if (value !== undefined) env[name] = value;
  env.PORT = String(deps.port);
  const child = spawn(process.execPath, args, { cwd: deps.repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(output.trim().split('\n').slice(-2).join(' ') || `backup exited with ${code}`));
    });
  });
}

export function startBackupScheduler(deps: SchedulerDeps): BackupScheduler {
  const { backup } = deps.config.operations;
  const logger = deps.logger.child({ job: 'backup' });
  let running: Promise<string> | undefined;

  async function run(): Promise<string> {
    const target = path.join(backup.dir, defaultBackupName(true));
    const started = Date.now();
    let snapshot: string | undefined;
    try {
      if (deps.db.engine === 'pglite') snapshot = await writeServerSnapshot(deps.db, backup.dir);
      const output = await runBackupCommand(deps, target, snapshot);
      const bytes = fs.statSync(target).size;
      const sha256 = /sha256: +([0-9a-f]{64})/.exec(output)?.[1];
      recordBackupOutcome(backup.dir, {
        success: { at: new Date().toISOString(), file: path.basename(target), bytes, sha256 },
      });
      const removed = rotateBackups(backup.dir, backup.keep);
      if (backup.s3Bucket) await uploadBackupToS3(deps.config, target, removed);
      logger.info({ file: target, bytes, sha256, ms: Date.now() - started, removed }, 'backup written');
      return target;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      recordBackupOutcome(backup.dir, { failure: { at: new Date().toISOString(), error: message } });
      logger.error({ err: error, file: target }, 'backup failed');
      throw error;
    } finally {
      if (snapshot) fs.rmSync(snapshot, { force: true });
    }
  }

  function runOnce(): Promise<string> {
    running ??= run().finally(() => (running = undefined));
    return running;
  }

  const instance = `${os.hostname()}:${process.pid}:${deps.port}`;
  // The scheduled time a firing is for: croner fires on whole seconds, a little late at most.
  const slotOf = (now: number) => new Date(Math.round(now / 1000) * 1000);
  const runScheduled = async (slot: Date): Promise<string | null> => {
    if (deps.paused?.()) return null;
    if (!(await claimBackupSlot(deps.db, slot, instance))) return null;
    return runOnce();
  };
  const cron = new Cron(backup.schedule ?? '0 3 * * *', { protect: true }, () => {
    // run() logs a failed backup; this logs a claim that could not be made.
    runScheduled(slotOf(Date.now())).catch((error: unknown) => {
      if (!running) logger.warn({ err: error }, 'a scheduled backup did not start');
    });
  });
  return {
    runNow: runOnce,
    runScheduled,
    nextRunAt: () => cron.nextRun(),
    async stop() {
      cron.stop();
      await running?.catch(() => undefined);
    },
  };
}

/** What /health tells about backups: when the last good one was made, and any failure since. */
export function healthBackupStatus(backup: Config['operations']['backup']) {
  const status = readBackupStatus(backup.dir);
  const failedSince =
    status.lastFailure && (!status.lastSuccess || status.lastFailure.at > status.lastSuccess.at)
      ? status.lastFailure.at
      : null;
  return {
    scheduled: backup.schedule !== undefined,
    last_success_at: status.lastSuccess?.at ?? null,
    last_failure_at: failedSince,
  };
}
