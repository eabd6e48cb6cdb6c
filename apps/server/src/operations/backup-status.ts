// The last good (and last failed) backup, kept in BACKUP_DIR/last-backup.json by the
// backup command and the scheduled backups, so /health, /metrics and the settings screen
// can show it, across restarts and to every instance that shares the folder.
import fs from 'node:fs';
import path from 'node:path';

export interface BackupOutcome {
  at: string;
  file?: string;
  bytes?: number;
  sha256?: string;
  error?: string;
}

export interface BackupStatus {
  lastSuccess?: BackupOutcome;
  lastFailure?: BackupOutcome;
}

const statusFile = (dir: string) => path.join(dir, 'last-backup.json');

let cache: { file: string; mtimeMs: number; status: BackupStatus } | undefined;

export function readBackupStatus(dir: string): BackupStatus {
  const file = statusFile(dir);
  try {
    const { mtimeMs } = fs.statSync(file);
    if (cache?.file === file && cache.mtimeMs === mtimeMs) return cache.status;
    const status = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupStatus;
    cache = { file, mtimeMs, status };
    return status;
  } catch {
    return {};
  }
}

/** Records a good backup or a failure; a failure to record is not the backup's failure. */
export function recordBackupOutcome(
  dir: string,
  outcome: { success: BackupOutcome } | { failure: BackupOutcome },
): void {
  try {
    const status = { ...readBackupStatus(dir) };
    if ('success' in outcome) status.lastSuccess = outcome.success;
    else status.lastFailure = outcome.failure;
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = statusFile(dir);
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(status, null, 2), { mode: 0o600 });
    fs.renameSync(temporary, file);
  } catch {
    // A full disk says so in the backup's own error.
  }
}
