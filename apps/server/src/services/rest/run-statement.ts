// The execute stage: runs a request's statements in one transaction as the caller's role
// (with-request-context), read-only where PostgREST would be, with the role's statement
// timeout, and maps database errors to the service's errors.
import type { Context } from 'hono';
import { DatabaseError, type Queryable } from '../../database/database';
import { queryAsCaller, withRequestContext, type RequestContext } from '../../database/with-request-context';
import type { ServerDeps } from '../../deps';
import type { AppEnv } from '../../http/app-env';
import { fromDatabaseError, RestError } from './rest-error';

/** Thrown inside a transaction to roll it back while still answering with `response`. */
export class RollbackWith extends Error {
  constructor(readonly response: unknown) {
    super('rollback');
  }
}

export interface RunOptions {
  schema: string;
  readOnly: boolean;
  timezone: string | undefined;
}

function lowerHeaders(c: Context<AppEnv>): Record<string, string> {
  const out: Record<string, string> = {};
  c.req.raw.headers.forEach((value, key) => {
    out[key.toLowerCase()] = value;
  });
  return out;
}

/** The caller's transaction-local context for a data request. */
function callerContext(deps: ServerDeps, c: Context<AppEnv>, options: RunOptions): RequestContext {
  const caller = c.get('caller');
  const rest = deps.config.rest;
  const timeout = rest.roleStatementTimeoutsMs[caller.role] ?? rest.statementTimeoutMs;
  const settings: Record<string, string> = { ...deps.dbSettings, statement_timeout: String(timeout) };
  if (options.readOnly) settings.transaction_read_only = 'on';
  if (options.timezone) settings.timezone = options.timezone;
  const url = new URL(c.req.url);
  return {
    role: caller.role,
    claims: caller.claims,
    method: c.req.method,
    path: url.pathname.replace(/^\/rest\/v1/, '') || '/',
    headers: lowerHeaders(c),
    searchPath: [options.schema, ...rest.extraSearchPath.filter((s) => s !== options.schema)],
    settings,
  };
}

function toRestError(c: Context<AppEnv>, error: unknown): unknown {
  if (error instanceof RestError) return error;
  if (error instanceof DatabaseError) return fromDatabaseError(error, c.get('caller').jwt !== undefined);
  return error;
}

export async function runAsCaller<T>(
  deps: ServerDeps,
  c: Context<AppEnv>,
  options: RunOptions,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await withRequestContext(deps.db, callerContext(deps, c, options), fn);
  } catch (error) {
    if (error instanceof RollbackWith) return error.response as T;
    throw toRestError(c, error);
  }
}

/**
 * Runs one statement built with InlineSqlParams as the caller and answers its first row:
 * one round trip on PostgreSQL (queryAsCaller), for requests that need nothing else.
 */
export async function queryRowAsCaller<T>(
  deps: ServerDeps,
  c: Context<AppEnv>,
  options: RunOptions,
  sql: string,
): Promise<T> {
  try {
    const { rows } = await queryAsCaller<T>(deps.db, callerContext(deps, c, options), sql);
    return rows[0]!;
  } catch (error) {
    throw toRestError(c, error);
  }
}
