// The database part of a backup: a plain-SQL pg_dump (INSERT statements, no owners), which
// psql and PostgreSQL's tools read as they are. The embedded database is dumped with the
// WASM build of pg_dump from @electric-sql/pglite-tools; PostgreSQL with the pg_dump
// program of the PostgreSQL client tools.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type { PGlite } from '@electric-sql/pglite';
import type { Queryable } from '../database/database';
import { BackupError, explainFsError } from './backup-error';

/** pg_dump options both engines use: INSERTs (loadable statement by statement), no owners. */
const dumpOptions = ['--no-owner', '--inserts', '--rows-per-insert=1000', '--quote-all-identifiers'];

/** Dumps an embedded database into `file`. Nothing else runs in the instance meanwhile. */
export async function dumpPgliteToFile(pg: PGlite, file: string): Promise<void> {
  // pgDump warns on the console when it restores the search path in quoted form ("public");
  // the path it sets is the same, so that one warning is kept quiet.
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('Warning: search_path has been changed')) warn(...args);
  };
  let dump: File;
  try {
    dump = await pgDump({ pg, args: dumpOptions.filter((o) => o !== '--inserts') });
  } finally {
    console.warn = warn;
  }
  try {
    await fs.promises.writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } catch (error) {
    throw explainFsError(error, 'the database dump');
  }
}

/** Dumps a PostgreSQL database into `file` with pg_dump (one consistent snapshot). */
export async function dumpPostgresToFile(databaseUrl: string, file: string): Promise<void> {
  const child = spawn('pg_dump', [...dumpOptions, '--file', file, '--dbname', databaseUrl], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(
        'pg_dump was not found. Install the PostgreSQL client tools (apt-get install postgresql-client), ' +
          'at least the version of the database server.',
      );
    }
    throw error;
  });
  if (code !== 0) {
    if (/No space left on device/i.test(stderr)) {
      throw new BackupError(
        'The disk is full while writing the database dump. Free some space and try again.',
      );
    }
    throw new BackupError(`pg_dump failed: ${stderr.trim().split('\n').slice(-3).join(' ')}`);
  }
  fs.chmodSync(file, 0o600);
}

export interface DatabaseFacts {
  serverVersion: string;
  migrations: { platform: string | null; app: string | null };
  objects: { bucket: string; name: string; version: string; contentType: string }[];
}

/** What the manifest records about a database, and the stored objects its rows point at. */
export async function readDatabaseFacts(db: Queryable): Promise<DatabaseFacts> {
  const version = await db.query<{ v: string }>('show server_version');
  const ledger = async (table: string) => {
    const exists = await db.query<{ t: string | null }>(`select to_regclass($1)::text as t`, [table]);
    if (!exists.rows[0]?.t) return null;
    const max = await db.query<{ v: string | null }>(`select max(version) as v from ${table}`);
    return max.rows[0]?.v ?? null;
  };
  const objects = await db.query<{ bucket: string; name: string; version: string; content_type: string }>(
    `select bucket_id as bucket, name, coalesce(version, '') as version,
            coalesce(metadata->>'mimetype', '') as content_type
       from storage.objects order by bucket_id, name`,
  );
  return {
    serverVersion: version.rows[0]?.v ?? 'unknown',
    migrations: {
      platform: await ledger('supabase_migrations.platform_migrations'),
      app: await ledger('supabase_migrations.schema_migrations'),
    },
    objects: objects.rows.map((r) => ({ ...r, contentType: r.content_type })),
  };
}
