// Chooses the adapter from the configuration: PostgreSQL when a URL is given, otherwise
// the embedded database in DATA_DIR/pgdata guarded by the data-directory lock.
import path from 'node:path';
import type { Database } from './database';
import { lockDataDir } from './data-dir-lock';
import { openPgliteDatabase, sharePglite } from './pglite-database';
import { openPostgresDatabase } from './postgres-database';

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgresDatabase({ connectionString: options.databaseUrl });
  const lock = lockDataDir(options.dataDir);
  try {
    const db = await openPgliteDatabase(path.join(options.dataDir, 'pgdata'));
    const locked: Database = {
      ...db,
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
    sharePglite(db, locked);
    return locked;
  } catch (error) {
    lock.release();
    throw error;
  }
}
