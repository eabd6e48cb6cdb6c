// `npm run restore`: checks the whole backup first (read-backup-archive.ts), then loads it
// into an empty embedded data directory or an empty PostgreSQL database, and puts the keys
// file and the stored objects back (into the file store or S3, as configured). A target
// that holds data is refused unless `replace` is given; the embedded database is restored
// beside the old one and swapped in only when complete. The restored database holds its
// scheduled work paused (decision 1007) unless `runScheduledWork` is given.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir, DataDirLockedError } from '../database/data-dir-lock';
import { defaultMigrationSources, readMigrations } from '../database/migrator';
import { openPgliteDatabase } from '../database/pglite-database';
import { openPostgresDatabase } from '../database/postgres-database';
import type { Database } from '../database/database';
import { openStorageBackend } from '../services/storage/backend/open-backend';
import { BackupError, explainFsError } from './backup-error';
import { entryNames, type BackupManifest } from './backup-format';
import { loadDump } from './load-database';
import { readBackupArchive, type StagedBackup } from './read-backup-archive';
import { pauseScheduledWork, resumeScheduledWork } from './scheduled-work';

export interface RestoreRequest {
  config: Config;
  file: string;
  passphrase: string | undefined;
  /** Overwrite a target that already holds data. */
  replace?: boolean;
  /**
   * Let the restored server run its scheduled work at once (a real recovery). Without it the
   * restored database starts with scheduled work paused until an operator resumes it.
   */
  runScheduledWork?: boolean;
  repoRoot: string;
  onProgress?: (message: string) => void;
}

export interface RestoreResult {
  engine: 'pglite' | 'postgres';
  objects: number;
  manifest: BackupManifest;
  /** Whether the restored database holds its scheduled work paused. */
  scheduledWorkPaused: boolean;
}

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Refuses a backup whose migrations this version of the code does not have. */
function checkMigrations(manifest: BackupManifest, repoRoot: string): void {
  for (const source of defaultMigrationSources(repoRoot)) {
    const newest = manifest.migrations[source.ledger];
    if (newest === null) continue;
    const known = readMigrations(source).map((m) => m.version);
    if (!known.includes(newest)) {
      throw new BackupError(
        `This backup was made by a newer version of the platform (its ${source.ledger} migration ${newest} ` +
          'is unknown here). Update the platform to that version or newer, then restore.',
      );
    }
  }
}

const userSchemas = `select n.nspname from pg_namespace n
  where n.nspname not in ('information_schema', 'public') and n.nspname not like 'pg\\_%'`;

async function postgresIsEmpty(db: Database): Promise<boolean> {
  const schemas = await db.query(userSchemas);
  const relations = await db.query(
    `select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' limit 1`,
  );
  const databaseWide = await db.query(
    'select 1 from pg_publication union all select 1 from pg_event_trigger limit 1',
  );
  return schemas.rowCount === 0 && relations.rowCount === 0 && databaseWide.rowCount === 0;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function clearPostgres(db: Database): Promise<void> {
  const schemas = await db.query<{ nspname: string }>(userSchemas);
  const triggers = await db.query<{ evtname: string }>('select evtname from pg_event_trigger');
  for (const { evtname } of triggers.rows) await db.exec(`drop event trigger ${quoteIdent(evtname)}`);
  const publications = await db.query<{ pubname: string }>('select pubname from pg_publication');
  for (const { pubname } of publications.rows) await db.exec(`drop publication ${quoteIdent(pubname)}`);
  for (const { nspname } of schemas.rows) await db.exec(`drop schema ${quoteIdent(nspname)} cascade`);
  await db.exec('drop schema if exists public cascade; create schema public;');
}

/**
 * A job that was running when the backup was taken is in it as 'running'. No instance of the
 * restored copy runs it, yet the scheduler treats a run younger than its stale limit (30 min)
 * as in progress and starts no new one: a restored copy ran none of that job for half an hour.
 * Such a run is recorded as interrupted by the backup.
 */
async function closeInterruptedRuns(db: Database): Promise<void> {
  const found = await db.query<{ present: boolean }>(
    "select to_regclass('cron.job_run_details') is not null and not exists (select 1 from pg_extension where extname = 'pg_cron') as present",
  );
  if (!found.rows[0]?.present) return;
  await db.query(
    `update cron.job_run_details
        set status = 'failed', return_message = 'interrupted: it was running when the backup was taken',
            end_time = coalesce(end_time, clock_timestamp())
      where status = 'running'`,
  );
}

/** Pauses the restored database's scheduled work, or (runScheduledWork) lifts any pause it carried. */
async function settleScheduledWork(db: Database, request: RestoreRequest, staged: StagedBackup) {
  await closeInterruptedRuns(db);
  if (request.runScheduledWork) {
    await resumeScheduledWork(db);
    return;
  }
  await pauseScheduledWork(
    db,
    `restored from ${path.basename(request.file)} (a backup of ${staged.manifest.createdAt}) ` +
      `on ${new Date().toISOString()}`,
  );
}

async function restorePostgres(
  request: RestoreRequest,
  staged: StagedBackup,
  databaseUrl: string,
): Promise<void> {
  const db = await openPostgresDatabase({ connectionString: databaseUrl, maxConnections: 1 });
  try {
    if (!(await postgresIsEmpty(db))) {
      if (!request.replace) {
        throw new BackupError(
          'The PostgreSQL database (DATABASE_URL) is not empty. Restore into an empty database, ' +
            'or pass --replace to delete everything in it first.',
        );
      }
      request.onProgress?.('emptying the PostgreSQL database (--replace)');
      await clearPostgres(db);
    }
    await loadDump(db, staged.path(entryNames.database), {
      repoRoot: request.repoRoot,
      onProgress: request.onProgress,
    });
    await settleScheduledWork(db, request, staged);
  } finally {
    await db.close();
  }
}

function hasEmbeddedData(pgdata: string): boolean {
  return fs.existsSync(pgdata) && fs.readdirSync(pgdata).length > 0;
}

async function restoreEmbedded(request: RestoreRequest, staged: StagedBackup): Promise<void> {
  const pgdata = path.join(request.config.dataDir, 'pgdata');
  if (hasEmbeddedData(pgdata) && !request.replace) {
    throw new BackupError(
      `${path.resolve(pgdata)} already holds a database. Restore into an empty DATA_DIR, ` +
        'or pass --replace (the old database is kept beside it as pgdata.replaced-<time>).',
    );
  }
  const restoring = `${pgdata}.restoring-${process.pid}`;
  fs.rmSync(restoring, { recursive: true, force: true });
  try {
    const db = await openPgliteDatabase(restoring);
    try {
      await loadDump(db, staged.path(entryNames.database), {
        repoRoot: request.repoRoot,
        onProgress: request.onProgress,
      });
      await settleScheduledWork(db, request, staged);
    } finally {
      await db.close();
    }
  } catch (error) {
    fs.rmSync(restoring, { recursive: true, force: true });
    throw explainFsError(error, `the embedded database in ${path.resolve(request.config.dataDir)}`);
  }
  if (fs.existsSync(pgdata)) fs.renameSync(pgdata, `${pgdata}.replaced-${stamp()}`);
  fs.renameSync(restoring, pgdata);
}

function restoreKeys(request: RestoreRequest, staged: StagedBackup): void {
  const file = path.join(request.config.dataDir, 'keys.json');
  const keys = fs.readFileSync(staged.path(entryNames.keys));
  if (fs.existsSync(file)) {
    if (fs.readFileSync(file).equals(keys)) return;
    fs.renameSync(file, `${file}.replaced-${stamp()}`);
  }
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, keys, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

function checkKeysTarget(request: RestoreRequest, staged: StagedBackup): void {
  const file = path.join(request.config.dataDir, 'keys.json');
  if (!fs.existsSync(file) || request.replace) return;
  if (!fs.readFileSync(file).equals(fs.readFileSync(staged.path(entryNames.keys)))) {
    throw new BackupError(
      `${path.resolve(file)} holds other keys than the backup. Restore into an empty DATA_DIR, or pass ` +
        '--replace (the old keys file is kept as keys.json.replaced-<time>).',
    );
  }
}

async function restoreObjects(request: RestoreRequest, staged: StagedBackup): Promise<number> {
  const backend = openStorageBackend(request.config.storage, request.config.dataDir);
  try {
    for (const [index, object] of staged.objects.entries()) {
      await backend.put(
        { bucket: object.bucket, name: object.name, version: object.version },
        fs.createReadStream(staged.path(object.entry)),
        { contentType: object.contentType, cacheControl: '' },
      );
      if ((index + 1) % 100 === 0 || index + 1 === staged.objects.length) {
        request.onProgress?.(`stored files: ${index + 1} of ${staged.objects.length}`);
      }
    }
  } finally {
    await backend.close?.();
  }
  return staged.objects.length;
}

export async function restoreBackup(request: RestoreRequest): Promise<RestoreResult> {
  const { config } = request;
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new BackupError(`${error.message} A restore needs the server stopped.`);
    }
    throw error;
  }
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  try {
    request.onProgress?.(`checking ${request.file}`);
    const staged = await readBackupArchive(request.file, {
      passphrase: request.passphrase,
      stagingDir: staging,
      onProgress: request.onProgress,
    });
    checkMigrations(staged.manifest, request.repoRoot);
    checkKeysTarget(request, staged);
    request.onProgress?.('the backup is complete and intact; restoring');
    if (config.databaseUrl) await restorePostgres(request, staged, config.databaseUrl);
    else await restoreEmbedded(request, staged);
    restoreKeys(request, staged);
    const objects = await restoreObjects(request, staged);
    return {
      engine: config.databaseUrl ? 'postgres' : 'pglite',
      objects,
      manifest: staged.manifest,
      scheduledWorkPaused: !request.runScheduledWork,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
