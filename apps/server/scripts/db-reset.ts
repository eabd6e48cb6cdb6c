// npm run db:reset — deletes the embedded database in DATA_DIR (keeping keys.json) so
// the next start migrates a fresh one and loads the demo data again. With DATABASE_URL
// it drops and recreates the public, auth, storage and realtime data instead.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { lockDataDir } from '../src/database/data-dir-lock';
import { openPostgresDatabase } from '../src/database/postgres-database';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    const db = await openPostgresDatabase({ connectionString: config.databaseUrl });
    try {
      await db.exec(`
        drop schema if exists public cascade; create schema public;
        drop schema if exists auth cascade; drop schema if exists storage cascade;
        drop schema if exists realtime cascade; drop schema if exists supabase_migrations cascade;
        drop schema if exists extensions cascade;`);
    } finally {
      await db.close();
    }
    console.log('PostgreSQL database emptied; the next start migrates it again.');
    return;
  }
  const lock = lockDataDir(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, 'pgdata');
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
    console.log(
      `Removed the embedded database in ${path.resolve(pgdata)}; the next start creates a fresh one.`,
    );
  } finally {
    lock.release();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
