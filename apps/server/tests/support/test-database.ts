// A fresh database for one test file: in-memory PGlite by default, or a new database on
// the PostgreSQL server named by TEST_DATABASE_URL (CI runs the suite both ways).
import crypto from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../src/database/database';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { openPostgresDatabase } from '../../src/database/postgres-database';

export const testEngine: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase {
  db: Database;
  /** The connection string of the fresh PostgreSQL database, when on PostgreSQL. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function adminQuery(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const db = await openPgliteDatabase();
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
