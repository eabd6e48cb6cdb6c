// The execute stage: runs a request's statements in one transaction as the caller's role
// (with-request-context), read-only where PostgREST would be, with the role's statement
// timeout, and maps database errors to the service's errors.
import type { Queryable } from '../../database/database';
import { queryAsCaller, withRequestContext, type RequestContext } from '../../database/with-request-context';
import type { ServerDeps } from '../../deps';
import type { DataRequest } from './data-request';
import { asRestError } from './rest-error';

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

/** The caller's transaction-local context for a data request. */
function callerContext(deps: ServerDeps, req: DataRequest, options: RunOptions): RequestContext {
  const caller = req.caller;
  const rest = deps.config.rest;
  const timeout = rest.roleStatementTimeoutsMs[caller.role] ?? rest.statementTimeoutMs;
  const settings: Record<string, string> = { ...deps.dbSettings, statement_timeout: String(timeout) };
  if (options.readOnly) settings.transaction_read_only = 'on';
  if (options.timezone) settings.timezone = options.timezone;
  const path = req.path;
  return {
    role: caller.role,
    claims: caller.claims,
    method: req.method,
    path: (path.startsWith('/rest/v1') ? path.slice('/rest/v1'.length) : path) || '/',
    headers: req.headers(),
    searchPath: [options.schema, ...rest.extraSearchPath.filter((s) => s !== options.schema)],
    settings,
  };
}

function toRestError(req: DataRequest, error: unknown): unknown {
  return asRestError(error, req.caller.jwt !== undefined) ?? error;
}

export async function runAsCaller<T>(
  deps: ServerDeps,
  req: DataRequest,
  options: RunOptions,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await withRequestContext(deps.db, callerContext(deps, req, options), fn);
  } catch (error) {
    if (error instanceof RollbackWith) return error.response as T;
    throw toRestError(req, error);
  }
}

/**
 * Runs one statement built with InlineSqlParams as the caller and answers its first row:
 * one round trip on PostgreSQL (queryAsCaller), for requests that need nothing else.
 */
export async function queryRowAsCaller<T>(
  deps: ServerDeps,
  req: DataRequest,
  options: RunOptions,
  sql: string,
): Promise<T> {
  try {
    const { rows } = await queryAsCaller<T>(deps.db, callerContext(deps, req, options), sql);
    return rows[0]!;
  } catch (error) {
    throw toRestError(req, error);
  }
}
