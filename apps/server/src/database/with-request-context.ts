// The single place that runs statements as a caller: one short transaction that sets,
// transaction-locally, the role, the JWT claims (new and legacy settings), the request's
// method, path and headers, and the search path. No other code sets roles or claims.
import { DatabaseError, type Database, type Queryable, type QueryResult } from './database';

export type DbRole = 'anon' | 'authenticated' | 'service_role' | (string & {});

export interface RequestContext {
  role: DbRole;
  /** The verified JWT claims; `role` is written into them as PostgREST does. */
  claims: Record<string, unknown>;
  method?: string;
  path?: string;
  /** Lower-cased header names. */
  headers?: Record<string, string>;
  searchPath?: string[];
  /** Extra transaction-local settings (name → value), e.g. statement_timeout. */
  settings?: Record<string, string>;
}

const baseNames = [
  'search_path',
  'role',
  'request.jwt.claims',
  'request.jwt.claim.sub',
  'request.jwt.claim.role',
  'request.method',
  'request.path',
  'request.headers',
];

function quoteSearchPath(schemas: string[]): string {
  return schemas.map((s) => `"${s.replace(/"/g, '""')}"`).join(', ');
}

/** The (name, value) pairs of a context, in the order they are set. */
function contextPairs(context: RequestContext): [string, string][] {
  const claims: Record<string, unknown> = { ...context.claims, role: context.role };
  const values = [
    quoteSearchPath(context.searchPath ?? ['public', 'extensions']),
    context.role,
    JSON.stringify(claims),
    typeof claims.sub === 'string' ? claims.sub : '',
    context.role,
    context.method ?? '',
    context.path ?? '',
    JSON.stringify(context.headers ?? {}),
  ];
  const pairs = baseNames.map((name, i): [string, string] => [name, values[i]!]);
  for (const [name, value] of Object.entries(context.settings ?? {})) pairs.push([name, value]);
  return pairs;
}

/**
 * A string literal that means exactly `value` whatever standard_conforming_strings says:
 * quotes doubled, and backslashes doubled inside E'…'. A NUL cannot be text in Postgres
 * and would end the statement early on the wire, so it is refused as Postgres refuses it.
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\u0000'))
    throw new DatabaseError('invalid byte sequence for encoding "UTF8": 0x00', '22021', undefined, undefined);
  const quoted = value.replace(/'/g, "''");
  return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

/** The fixed names' calls up to the value (the names are plain, nothing to escape). */
const quotedBaseNames = baseNames.map((name) => `set_config('${name}', `);

/** `sqlLiteral`, skipping the rewrites for the usual value that has nothing to escape. */
function literal(value: string): string {
  return quoteOrBackslash.test(value) || value.includes('\u0000') ? sqlLiteral(value) : `'${value}'`;
}
const quoteOrBackslash = /['\\]/;

/**
 * The context as one parameterless statement, to travel with BEGIN in one round trip.
 * The calls sit in a subquery and the statement selects no column, so the values are not
 * sent back (set_config returns what it set). Postgres neither flattens a subquery whose
 * output calls volatile functions nor drops such outputs unused, so every call runs.
 */
export function requestContextSql(context: RequestContext): string {
  const pairs = contextPairs(context);
  let calls = '';
  for (let i = 0; i < pairs.length; i++) {
    const [name, value] = pairs[i]!;
    const call = i < quotedBaseNames.length ? quotedBaseNames[i]! : `set_config(${literal(name)}, `;
    calls += `${i === 0 ? '' : ', '}${call}${literal(value)}, true)`;
  }
  return `select from (select ${calls}) as request_context`;
}

/**
 * Applies the context to an open transaction in one round trip. Exposed for services
 * that manage their own transaction.
 */
export async function applyRequestContext(tx: Queryable, context: RequestContext): Promise<void> {
  const pairs = contextPairs(context);
  const params = pairs.flat();
  const calls = pairs.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  await tx.query(`select from (select ${calls.join(', ')}) as request_context`, params);
}

/**
 * Runs fn as the caller in one transaction; the settings end with it. BEGIN and the
 * settings share one round trip, so a request with one statement costs three.
 */
export async function withRequestContext<T>(
  db: Database,
  context: RequestContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(fn, requestContextSql(context));
}

/**
 * Runs one parameterless statement as the caller. On PostgreSQL the context and the
 * statement travel as one simple-protocol text, which Postgres runs as one implicit
 * transaction: one round trip instead of three, and an error anywhere rolls it all back.
 * The embedded database takes them as BEGIN, the statement and COMMIT.
 */
export async function queryAsCaller<T>(
  db: Database,
  context: RequestContext,
  sql: string,
): Promise<QueryResult<T>> {
  if (db.engine === 'postgres') return db.query<T>(`${requestContextSql(context)};\n${sql}`);
  return db.transaction((tx) => tx.query<T>(sql), requestContextSql(context));
}
