// The embedded adapter: PGlite (Postgres compiled to WASM) in this process, either
// in memory (tests) or file-backed in the data directory.
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { textTypeOids, toDatabaseError, type Database, type Queryable, type QueryResult } from './database';

const identity = (value: string): string => value;

const parsers: NonNullable<PGliteOptions['parsers']> = Object.fromEntries(
  [...textTypeOids].map((oid) => [oid, identity]),
);

interface PgliteLike {
  query<T>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; affectedRows?: number; fields: { name: string; dataTypeID: number }[] }>;
  exec(sql: string): Promise<unknown>;
}

function wrap(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      try {
        const result = await target.query<T>(sql, params);
        return {
          rows: result.rows,
          rowCount: result.affectedRows ?? result.rows.length,
          fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        };
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await target.exec(sql);
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
  };
}

export interface PgliteOpenOptions {
  /** A tarball from dumpPglite() to start from instead of running initdb (tests). */
  snapshot?: Blob;
  /** Skip the pgcrypto probe: for an instance that is only read by pg_dump, which never
   * calls pgcrypto, so an instance with the ADR 0713 defect serves it as well as any. */
  withoutPgcryptoProbe?: boolean;
}

const pgliteHandles = new WeakMap<Database, PGlite>();

/** How many times an instance whose pgcrypto cannot find a digest is opened again (ADR 0713). */
export const PGCRYPTO_OPEN_ATTEMPTS = 8;

/** Opens PGlite; dataDir undefined means a fresh in-memory database. */
export async function openPgliteDatabase(
  dataDir?: string,
  options: PgliteOpenOptions = {},
): Promise<Database> {
  const create = () =>
    PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
      parsers,
      extensions: pgliteExtensions,
    });
  // Some instances come up with pgcrypto unable to find any digest (ADR 0713). Using it
  // right away initialises it while the instance is fresh; an instance where even that
  // fails is discarded and the files are opened again. About one opening in thirteen fails,
  // independently of the last, so a few more tries make a loud failure practically never.
  let pg = await create();
  for (
    let attempt = 1;
    !options.withoutPgcryptoProbe && !(await pgcryptoWorks(wrap(pg as unknown as PgliteLike)));
    attempt += 1
  ) {
    await pg.close();
    if (attempt === PGCRYPTO_OPEN_ATTEMPTS)
      throw new Error(
        `The embedded database could not initialise pgcrypto in ${PGCRYPTO_OPEN_ATTEMPTS} openings (ADR 0713)`,
      );
    pg = await create();
  }
  const base = wrap(pg as unknown as PgliteLike);
  let closed = false;
  const db: Database = {
    engine: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, prelude?: string): Promise<T> {
      try {
        return await pg.transaction(async (tx) => {
          if (prelude) await tx.exec(prelude);
          return fn(wrap(tx as unknown as PgliteLike));
        });
      } catch (error) {
        throw toDatabaseError(error);
      }
    },
    async listen(channel, onMessage) {
      const unsubscribe = await pg.listen(channel, onMessage);
      return async () => {
        if (!closed) await unsubscribe();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
  };
  pgliteHandles.set(db, pg);
  return db;
}

/**
 * Whether pgcrypto's digests work in this database; true when pgcrypto is not installed
 * yet (a fresh database, which the platform probes again after its migrations).
 */
export async function pgcryptoWorks(db: Queryable): Promise<boolean> {
  const installed = await db.query<{ schema: string }>(
    `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
      where e.extname = 'pgcrypto'`,
  );
  const schema = installed.rows[0]?.schema;
  if (schema === undefined) return true;
  const fn = (name: string) => `${quoteIdent(schema)}.${name}`;
  try {
    await db.query(
      `select ${fn('digest')}('probe', 'sha256'), ${fn('hmac')}('probe', 'key', 'sha256'),
              ${fn('pgp_sym_decrypt')}(${fn('pgp_sym_encrypt')}('probe', 'key'), 'key')`,
    );
    return true;
  } catch {
    return false;
  }
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The PGlite instance behind a Database opened here (or a wrapper registered with sharePglite). */
export function pgliteOf(db: Database): PGlite {
  const pg = pgliteHandles.get(db);
  if (!pg) throw new Error('not a PGlite database');
  return pg;
}

/** Lets a wrapper of an embedded Database (open-database.ts adds the lock) reach its PGlite. */
export function sharePglite(from: Database, to: Database): void {
  pgliteHandles.set(to, pgliteOf(from));
}

/**
 * Dumps an open PGlite database's files as a tarball: a consistent copy, since nothing
 * else runs in the instance while it is taken (tests snapshot a migrated database with it;
 * backups of a running server start from it).
 */
export async function dumpPglite(db: Database): Promise<Blob> {
  return pgliteOf(db).dumpDataDir('none');
}

/** The extensions every embedded instance loads (the dump of a backup needs them too). */
export const pgliteExtensions = { pgcrypto, pg_trgm, citext, btree_gist };

export { types as pgliteTypes };
