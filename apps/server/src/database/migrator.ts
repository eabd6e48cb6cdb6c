// Applies forward-only SQL migrations: the platform's own (roles, auth, storage,
// realtime) first, then the app's in supabase/migrations. Each file runs in its own
// transaction and is recorded in a ledger; the app ledger has the Supabase CLI's shape
// (supabase_migrations.schema_migrations) so a hosted project sees the same history.
import fs from 'node:fs';
import path from 'node:path';
import type { Database, Queryable } from './database';
import { DatabaseError } from './database';

export interface MigrationFile {
  /** The ledger key: the file name for platform files, the 14-digit version for app files. */
  version: string;
  name: string;
  file: string;
  sql: string;
}

export interface MigrationSource {
  ledger: 'platform' | 'app';
  dir: string;
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    const reason =
      cause instanceof DatabaseError
        ? `${cause.message} (SQLSTATE ${cause.code})`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    super(`Migration ${file} failed: ${reason}`);
  }
}

const appFilePattern = /^(\d{14})_(.+)\.sql$/;

export function readMigrations(source: MigrationSource): MigrationFile[] {
  if (!fs.existsSync(source.dir)) return [];
  return fs
    .readdirSync(source.dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const sql = fs.readFileSync(path.join(source.dir, file), 'utf8');
      if (source.ledger === 'app') {
        const match = appFilePattern.exec(file);
        if (!match) {
          throw new MigrationError(
            file,
            new Error('app migrations must be named <14-digit timestamp>_<name>.sql'),
          );
        }
        return { version: match[1]!, name: match[2]!, file, sql };
      }
      return { version: file.replace(/\.sql$/, ''), name: file.replace(/\.sql$/, ''), file, sql };
    });
}

const ledgerSql = `
  create schema if not exists supabase_migrations;
  create table if not exists supabase_migrations.schema_migrations (
    version text primary key,
    statements text[],
    name text
  );
  create table if not exists supabase_migrations.platform_migrations (
    version text primary key,
    applied_at timestamptz not null default now()
  );
`;

function ledgerTable(ledger: MigrationSource['ledger']): string {
  return ledger === 'app'
    ? 'supabase_migrations.schema_migrations'
    : 'supabase_migrations.platform_migrations';
}

async function isApplied(
  tx: Queryable,
  ledger: MigrationSource['ledger'],
  version: string,
): Promise<boolean> {
  const result = await tx.query(`select 1 from ${ledgerTable(ledger)} where version = $1`, [version]);
  return result.rows.length > 0;
}

export interface MigrateResult {
  applied: string[];
}

/**
 * Applies every pending migration of every source in order. Several server instances
 * may start together on one PostgreSQL: a transaction-scoped advisory lock makes them
 * take turns, and each checks the ledger after taking it.
 */
export async function migrate(db: Database, sources: MigrationSource[]): Promise<MigrateResult> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(727274)');
    await tx.exec(ledgerSql);
  });
  const applied: string[] = [];
  for (const source of sources) {
    for (const migration of readMigrations(source)) {
      try {
        const ran = await db.transaction(async (tx) => {
          await tx.query('select pg_advisory_xact_lock(727274)');
          if (await isApplied(tx, source.ledger, migration.version)) return false;
          await tx.exec(migration.sql);
          // Migrations may change the role or search path; restore them for the ledger write.
          await tx.exec('reset role; set local search_path to public');
          if (source.ledger === 'app') {
            await tx.query(
              'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
              [migration.version, migration.name, [migration.sql]],
            );
          } else {
            await tx.query('insert into supabase_migrations.platform_migrations (version) values ($1)', [
              migration.version,
            ]);
          }
          return true;
        });
        if (ran) applied.push(migration.file);
      } catch (error) {
        throw new MigrationError(migration.file, error);
      }
    }
  }
  return { applied };
}

/** Where the repository keeps its two migration folders. */
export function defaultMigrationSources(repoRoot: string, appDir?: string): MigrationSource[] {
  return [
    { ledger: 'platform', dir: path.join(repoRoot, 'apps/server/platform-migrations') },
    { ledger: 'app', dir: path.resolve(repoRoot, appDir ?? 'supabase/migrations') },
  ];
}
