// The database port: the one interface the rest of the server talks to, with two
// adapters (embedded PGlite and a PostgreSQL pool) that pass the same contract tests.

export interface QueryField {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
  fields: QueryField[];
}

export type Row = Record<string, unknown>;

/** Something statements can be sent to: the database itself or an open transaction. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs fn inside BEGIN … COMMIT; any thrown error rolls back and is re-thrown.
   * `prelude` is parameterless SQL run right after BEGIN, sent with it in one round trip.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, prelude?: string): Promise<T>;
  /** Subscribes to NOTIFY on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections of a pool by state, for /metrics (PostgreSQL; the embedded database has one). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** A database error with its SQLSTATE, normalised across both drivers. */
export class DatabaseError extends Error {
  override readonly name = 'DatabaseError';
  constructor(
    message: string,
    readonly code: string,
    readonly detail: string | undefined,
    readonly hint: string | undefined,
    readonly constraint?: string,
  ) {
    super(message);
  }
}

interface DriverError {
  message?: unknown;
  code?: unknown;
  detail?: unknown;
  hint?: unknown;
  constraint?: unknown;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Errors of node-postgres itself (no SQLSTATE) that mean the connection is gone. */
const lostConnection = /connection|terminated|not queryable|timeout|ended/i;

/**
 * Converts whatever a driver threw into a DatabaseError when it carries a SQLSTATE. With
 * engine 'postgres', a socket or driver error that means the connection is gone becomes
 * 08006 (connection_failure), so every service answers it as it answers the server's own
 * 57P01 or 08xxx: 503 with Retry-After.
 */
export function toDatabaseError(error: unknown, engine?: 'postgres'): unknown {
  if (error instanceof DatabaseError) return error;
  if (engine === 'postgres' && error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    const systemError = typeof code === 'string' && /^E[A-Z]+$/.test(code);
    if (systemError || (code === undefined && lostConnection.test(error.message))) {
      return new DatabaseError(
        `the database connection was lost: ${error.message}`,
        '08006',
        undefined,
        'The database is restarting or unreachable; try again in a moment.',
      );
    }
  }
  if (typeof error === 'object' && error !== null) {
    const e = error as DriverError;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return new DatabaseError(
        typeof e.message === 'string' ? e.message : 'database error',
        e.code,
        str(e.detail),
        str(e.hint),
        str(e.constraint),
      );
    }
  }
  return error;
}

/** SQLSTATEs that mean the database went away, not that the statement was wrong. */
export function isUnavailableCode(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/** True when a statement failed because its connection was lost (retrying may succeed). */
export function isConnectionLoss(error: unknown): boolean {
  const converted = toDatabaseError(error, 'postgres');
  return converted instanceof DatabaseError && isUnavailableCode(converted.code);
}

/**
 * How both adapters turn column values into JavaScript, so results look the same on
 * either engine: 64-bit integers and numerics stay exact strings, dates and times stay
 * in Postgres's own text form, JSON is parsed.
 */
export const textTypeOids = new Set([
  20, // int8
  1700, // numeric
  1082, // date
  1083, // time
  1114, // timestamp
  1184, // timestamptz
  1266, // timetz
  1186, // interval
  790, // money
]);
