// `npm run backup` and the scheduled backups: one file with the database dump, the keys
// file and every stored object. The database is read from one consistent snapshot:
// pg_dump's on PostgreSQL; on the embedded database a copy of its files, taken by the
// running server in one step (server-snapshot.ts) or directly when no server runs.
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config';
import type { Database } from '../database/database';
import { DataDirLockedError, lockDataDir } from '../database/data-dir-lock';
import { openPgliteDatabase, pgliteOf } from '../database/pglite-database';
import { openPostgresDatabase } from '../database/postgres-database';
import { BackendObjectMissing } from '../services/storage/backend/storage-backend';
import { openStorageBackend } from '../services/storage/backend/open-backend';
import { BackupError } from './backup-error';
import { backupFormat, backupFormatVersion } from './backup-format';
import { dumpPgliteToFile, dumpPostgresToFile, readDatabaseFacts, type DatabaseFacts } from './dump-database';
import { requestServerSnapshot } from './server-snapshot';
import { writeBackupArchive, type BackupObjectSource, type WrittenBackup } from './write-backup-archive';

export interface BackupRequest {
  config: Config;
  /** The backup file; a dated file in BACKUP_DIR when undefined. */
  target?: string;
  passphrase: string | undefined;
  /** Must be true to write a backup without a passphrase. */
  unencrypted?: boolean;
  /** A copy of the embedded database's files the running server took (scheduled backups). */
  snapshotFile?: string;
  scryptWorkFactor?: number;
  onProgress?: (message: string) => void;
}

export function defaultBackupName(encrypted: boolean, now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-');
  return `club-backup-${stamp}${encrypted ? '.tar.gz.age' : '.tar.gz'}`;
}

/** The names defaultBackupName gives (and that rotation deletes): club-backup-<UTC time>. */
export const scheduledBackupPattern = /^club-backup-\d{8}-\d{6}\.\d{3}Z\.tar\.gz(\.age)?$/;

async function withSnapshotDatabase<T>(tarFile: string, fn: (db: Database) => Promise<T>): Promise<T> {
  const snapshot = new Blob([await fs.promises.readFile(tarFile)]);
  const db = await openPgliteDatabase(undefined, { snapshot, withoutPgcryptoProbe: true });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function dumpEmbedded(request: BackupRequest, dumpFile: string): Promise<DatabaseFacts> {
  const { config } = request;
  const dumpFrom = async (db: Database) => {
    const facts = await readDatabaseFacts(db);
    await dumpPgliteToFile(pgliteOf(db), dumpFile);
    return facts;
  };
  if (request.snapshotFile) return withSnapshotDatabase(request.snapshotFile, dumpFrom);
  const pgdata = path.join(config.dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${path.resolve(config.dataDir)} to back up.`);
  }
  let lock;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // A server runs on this data directory: it takes the snapshot for us.
    request.onProgress?.('the server is running: asking it for a snapshot of the database');
    const tarFile = await requestServerSnapshot(config);
    try {
      return await withSnapshotDatabase(tarFile, dumpFrom);
    } finally {
      fs.rmSync(tarFile, { force: true });
    }
  }
  try {
    const db = await openPgliteDatabase(pgdata, { withoutPgcryptoProbe: true });
    try {
      return await dumpFrom(db);
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

async function dumpPostgres(databaseUrl: string, dumpFile: string): Promise<DatabaseFacts> {
  await dumpPostgresToFile(databaseUrl, dumpFile);
  // Read after the dump, so every object row in the dump is listed (a row added since
  // only adds a file the restored database does not point at).
  const db = await openPostgresDatabase({ connectionString: databaseUrl, maxConnections: 1 });
  try {
    return await readDatabaseFacts(db);
  } finally {
    await db.close();
  }
}

function readKeysFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'keys.json');
  if (!fs.existsSync(file)) {
    throw new BackupError(
      `There is no keys file ${path.resolve(file)}: start the server once, or point DATA_DIR at the club's data.`,
    );
  }
  return fs.readFileSync(file);
}

export async function createBackup(request: BackupRequest): Promise<WrittenBackup> {
  const { config } = request;
  if (!request.passphrase && !request.unencrypted) {
    throw new BackupError(
      'A backup holds the keys and personal data, so it is encrypted: set BACKUP_PASSPHRASE or type one ' +
        'at the prompt. To write an unencrypted backup anyway, pass --unencrypted.',
    );
  }
  const target = path.resolve(
    request.target ?? path.join(config.operations.backup.dir, defaultBackupName(Boolean(request.passphrase))),
  );
  const keys = readKeysFile(config.dataDir);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  const work = fs.mkdtempSync(path.join(path.dirname(target), '.backup-work-'));
  try {
    const dumpFile = path.join(work, 'database.sql');
    request.onProgress?.('dumping the database');
    const facts = config.databaseUrl
      ? await dumpPostgres(config.databaseUrl, dumpFile)
      : await dumpEmbedded(request, dumpFile);
    const backend = openStorageBackend(config.storage, config.dataDir);
    const objects: BackupObjectSource[] = facts.objects.map((object) => ({
      ...object,
      async open() {
        try {
          const body = await backend.get({
            bucket: object.bucket,
            name: object.name,
            version: object.version,
          });
          const bytes = Buffer.concat(await body.toArray());
          return { body: Readable.from([bytes]), size: bytes.length };
        } catch (error) {
          if (error instanceof BackendObjectMissing) return undefined;
          throw error;
        }
      },
    }));
    try {
      request.onProgress?.(`writing ${target}`);
      return await writeBackupArchive(
        target,
        {
          manifest: {
            format: backupFormat,
            formatVersion: backupFormatVersion,
            createdAt: new Date().toISOString(),
            source: {
              engine: config.databaseUrl ? 'postgres' : 'pglite',
              serverVersion: facts.serverVersion,
            },
            migrations: facts.migrations,
          },
          databaseFile: dumpFile,
          keys,
          objects,
        },
        {
          passphrase: request.passphrase,
          scryptWorkFactor: request.scryptWorkFactor,
          onProgress: request.onProgress,
        },
      );
    } finally {
      await backend.close?.();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
