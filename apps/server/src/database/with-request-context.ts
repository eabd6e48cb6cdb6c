// The single place that runs statements as a caller: one short transaction that sets,
// transaction-locally, the role, the JWT claims (new and legacy settings), the request's
// method, path and headers, and the search path. No other code sets roles or claims.
import type { Database, Queryable } from './database';

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

const baseSettings = [
  "set_config('search_path', $1, true)",
  "set_config('role', $2, true)",
  "set_config('request.jwt.claims', $3, true)",
  "set_config('request.jwt.claim.sub', $4, true)",
  "set_config('request.jwt.claim.role', $2, true)",
  "set_config('request.method', $5, true)",
  "set_config('request.path', $6, true)",
  "set_config('request.headers', $7, true)",
];

function quoteSearchPath(schemas: string[]): string {
  return schemas.map((s) => `"${s.replace(/"/g, '""')}"`).join(', ');
}

/**
 * Applies the context to an open transaction in one round trip. Exposed for services
 * that manage their own transaction.
 */
export async function applyRequestContext(tx: Queryable, context: RequestContext): Promise<void> {
  const claims: Record<string, unknown> = { ...context.claims, role: context.role };
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const params: unknown[] = [
    quoteSearchPath(context.searchPath ?? ['public', 'extensions']),
    context.role,
    JSON.stringify(claims),
    sub,
    context.method ?? '',
    context.path ?? '',
    JSON.stringify(context.headers ?? {}),
  ];
  const calls = [...baseSettings];
  for (const [name, value] of Object.entries(context.settings ?? {})) {
    params.push(name, value);
    calls.push(`set_config($${params.length - 1}, $${params.length}, true)`);
  }
  await tx.query(`select ${calls.join(', ')}`, params);
}

/** Runs fn as the caller in one transaction; the settings end with it. */
export async function withRequestContext<T>(
  db: Database,
  context: RequestContext,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await applyRequestContext(tx, context);
    return fn(tx);
  });
}
