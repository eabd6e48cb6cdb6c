// A fresh, empty database for one database test file: in-memory PGlite, or a new database
// on the PostgreSQL server named by TEST_DATABASE_URL. Kept apart from the server's test
// support so the database tests need nothing but the database port and the migrator.
import crypto from 'node:crypto';
import pg from 'pg';
import type { Database } from '../../../apps/server/src/database/database';
import { openPgliteDatabase } from '../../../apps/server/src/database/pglite-database';
import { openPostgresDatabase } from '../../../apps/server/src/database/postgres-database';

export interface OpenedTestDatabase {
  db: Database;
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

export async function openDatabaseForTest(maxConnections = 8): Promise<OpenedTestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const db = await openPgliteDatabase();
    return { db, drop: () => db.close() };
  }
  const name = `domain_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openPostgresDatabase({ connectionString: url.toString(), maxConnections });
  return {
    db,
    async drop() {
      await db.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
