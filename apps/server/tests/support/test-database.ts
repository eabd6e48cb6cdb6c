// A fresh database for one test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readMigrations, migrate, defaultMigrationSources } from '../../src/database/migrator';
import type { Database } from '../../src/database/database';
import { dumpPglite, openPgliteDatabase } from '../../src/database/pglite-database';
import { openPostgresDatabase } from '../../src/database/postgres-database';

// Not imported from src/platform: database tests should not load the whole server to get a path.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

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
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const source of defaultMigrationSources(repoRoot))
    for (const m of readMigrations(source)) hash.update(m.file).update(m.sql);
  return hash.digest('hex').slice(0, 24);
}

async function migratedSnapshot(): Promise<Blob> {
  const sources = defaultMigrationSources(repoRoot);
  const dir = path.join(os.tmpdir(), 'club-pglite-snapshots');
  const file = path.join(dir, `${migrationsHash()}.tar`);
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

/**
 * The same on PostgreSQL: migrating a database takes seconds, so the first file migrates one
 * into a template database named after the migrations' contents, and every later file clones
 * it (CREATE DATABASE … TEMPLATE copies files, well under a second). The template takes no
 * connections, so nothing (autovacuum included) keeps a clone from starting. Two files that
 * build it at once each build their own and the second rename loses harmlessly.
 */
async function migratedTemplate(baseUrl: string): Promise<string> {
  const name = `club_tmpl_${migrationsHash()}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
  } finally {
    await client.end();
  }
  const building = `club_tmpl_build_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${building}`);
  const url = new URL(baseUrl);
  url.pathname = `/${building}`;
  const db = await openPostgresDatabase({ connectionString: url.toString(), maxConnections: 1 });
  try {
    await migrate(db, defaultMigrationSources(repoRoot));
  } finally {
    await db.close();
  }
  try {
    await adminQuery(baseUrl, `alter database ${building} rename to ${name}`);
    await adminQuery(baseUrl, `alter database ${name} with allow_connections false is_template true`);
  } catch (error) {
    // 42P04: another file finished the same template first.
    if ((error as { code?: string }).code !== '42P04') throw error;
    await adminQuery(baseUrl, `drop database if exists ${building}`);
  }
  return name;
}

export interface CreateTestDatabaseOptions {
  /** Start from an empty database instead of the migrated snapshot (or template). */
  empty?: boolean;
  /** The PostgreSQL pool's size (default 5); PGlite has one connection whatever is asked. */
  maxConnections?: number;
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
  const template = options.empty ? null : await migratedTemplate(baseUrl);
  await adminQuery(
    baseUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase({
    connectionString: url.toString(),
    maxConnections: options.maxConnections ?? 5,
  });
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
