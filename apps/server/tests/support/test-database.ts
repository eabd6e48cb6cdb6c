// A fresh database for one test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { readMigrations, migrate, defaultMigrationSources } from '../../src/database/migrator';
import { repoRoot } from '../../src/platform';
import type { Database } from '../../src/database/database';
import { dumpPglite, openPgliteDatabase } from '../../src/database/pglite-database';
import { openPostgresDatabase } from '../../src/database/postgres-database';

export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  /** The connection string of the fresh PostgreSQL database, when on PostgreSQL. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Starting PGlite runs initdb (seconds); every test file needs a fresh database. So the
 * first file to ask migrates one and keeps a tarball of it, keyed by the migrations'
 * contents, and later files start from that tarball (migrate then finds nothing to do).
 */
async function migratedSnapshot(): Promise<Blob> {
  const sources = defaultMigrationSources(repoRoot);
  const hash = crypto.createHash('sha256');
  for (const source of sources) for (const m of readMigrations(source)) hash.update(m.file).update(m.sql);
  const dir = path.join(os.tmpdir(), 'club-pglite-snapshots');
  const file = path.join(dir, `${hash.digest('hex').slice(0, 24)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const db = await openPgliteDatabase();
  try {
    await migrate(db, sources);
    const blob = await dumpPglite(db);
    fs.mkdirSync(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    return blob;
  } finally {
    await db.close();
  }
}

export interface CreateTestDatabaseOptions {
  /** Start from an empty database instead of the migrated snapshot. */
  empty?: boolean;
}

export async function createTestDatabase(options: CreateTestDatabaseOptions = {}): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const db = options.empty
      ? await openPgliteDatabase()
      : await openPgliteDatabase(undefined, { snapshot: await migratedSnapshot() });
    return { db, url: undefined, drop: () => db.close() };
  }
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase({ connectionString: url.toString(), maxConnections: 5 });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
