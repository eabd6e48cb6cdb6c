// The data service's error catalogue: PostgREST's PGRST codes and its SQLSTATE → HTTP
// mapping, rendered as {code, details, hint, message} like PostgREST does.
import { DatabaseError } from '../../database/database';

export type ErrorDetails = string | unknown[] | null;

export class RestError extends Error {
  override readonly name = 'RestError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): string {
    return JSON.stringify({ code: this.code, details: this.details, hint: this.hint, message: this.message });
  }
}

export const restErrors = {
  parse: (message: string, details: string | null) => new RestError(400, 'PGRST100', message, details),
  rpcMethod: (method: string) => new RestError(405, 'PGRST101', `Cannot use the ${method} method on RPC`),
  invalidBody: (message: string) => new RestError(400, 'PGRST102', message),
  /** Postgres' duplicate_alias, which PostgREST's query gets for two embeds under one key. */
  duplicateEmbed: (alias: string) =>
    new RestError(400, '42712', `table name "${alias}" specified more than once`),
  invalidRange: (details: string | null = null) =>
    new RestError(416, 'PGRST103', 'Requested range not satisfiable', details),
  putFilters: () =>
    new RestError(
      405,
      'PGRST105',
      "Filters must include all and only primary key columns with 'eq' operators",
    ),
  invalidSchema: (schema: string, exposed: string[]) =>
    new RestError(
      406,
      'PGRST106',
      `Invalid schema: ${schema}`,
      null,
      `Only the following schemas are exposed: ${exposed.join(', ')}`,
    ),
  mediaType: (accept: string) =>
    new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`),
  notEmbedded: (name: string) =>
    new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    ),
  badResponseHeaders: () =>
    new RestError(
      500,
      'PGRST111',
      'response.headers guc must be a JSON array composed of objects with a single key and a string value',
    ),
  badResponseStatus: (value: string) =>
    new RestError(
      500,
      'PGRST112',
      'response.status guc must be a valid status code',
      `${value} is not a valid status code`,
    ),
  putLimit: () =>
    new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT'),
  putMismatch: () =>
    new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)'),
  singular: (rows: number) =>
    new RestError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows} rows`,
    ),
  unsupportedMethod: (method: string) => new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`),
  orderToMany: (parent: string, child: string) =>
    new RestError(
      400,
      'PGRST118',
      `A related order on '${child}' is not possible`,
      `'${parent}' and '${child}' do not form a many-to-one or one-to-one relationship`,
    ),
  embedOperator: (name: string) =>
    new RestError(
      400,
      'PGRST120',
      `Bad operator on the '${name}' embedded resource`,
      'Only is null or not is null filters are allowed on embedded resources',
    ),
  badRaise: (details: string) =>
    new RestError(500, 'PGRST121', 'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error', details),
  invalidPreferences: (prefs: string[]) =>
    new RestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.join(', ')}`,
    ),
  aggregatesDisabled: () => new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed'),
  maxAffected: (rows: number) =>
    new RestError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${rows} rows`,
    ),
  invalidPath: (path: string) =>
    new RestError(404, 'PGRST125', `Invalid path specified in request URL`, `${path} is not a valid path`),
  openApiDisabled: () => new RestError(404, 'PGRST126', 'Root endpoint metadata is disabled'),
  notImplemented: (what: string) => new RestError(400, 'PGRST127', 'Feature not implemented', what),
  maxAffectedRpc: () =>
    new RestError(
      400,
      'PGRST128',
      'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
    ),
  schemaCacheUnavailable: () =>
    new RestError(
      503,
      'PGRST002',
      'Could not query the database for the schema cache. Retrying.',
      null,
      null,
      { 'Retry-After': '1' },
    ),
  noRelationship: (
    parent: string,
    child: string,
    schema: string,
    hint: string | undefined,
    suggestion: string | null,
  ) =>
    new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${child}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${child}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
      suggestion,
    ),
  ambiguousEmbed: (parent: string, child: string, details: unknown[], options: string[]) =>
    new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${child}'`,
      details,
      `Try changing '${child}' to one of the following: ${options.map((o) => `'${o}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    ),
  functionNotFound: (message: string, details: string, hint: string | null) =>
    new RestError(404, 'PGRST202', message, details, hint),
  ambiguousFunction: (candidates: string[]) =>
    new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates.join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  columnNotFound: (column: string, table: string) =>
    new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`),
  tableNotFound: (qualified: string, suggestion: string | null) =>
    new RestError(
      404,
      'PGRST205',
      `Could not find the table '${qualified}' in the schema cache`,
      null,
      suggestion,
    ),
  jwt: (message: string) =>
    new RestError(401, 'PGRST301', message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
    }),
  unfilteredWrite: (verb: 'UPDATE' | 'DELETE') =>
    new RestError(400, '21000', `${verb} requires a WHERE clause`),
  internal: () => new RestError(500, 'PGRSTX00', 'Internal server error'),
};

/** PostgREST's mapSQLtoHTTP. */
export function statusForSqlState(code: string, message: string, hadJwt: boolean): number {
  if (code === '42501') return hadJwt ? 403 : 401;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return /requires a WHERE clause$/.test(message) ? 400 : 500;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '42883') return message.startsWith('function xmlagg(') ? 406 : 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '53400') return 500;
  if (code === '57P01') return 503;
  if (code === 'P0001') return 400;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  const two = code.slice(0, 2);
  if (two === '08' || two === '53') return 503;
  if (two === '0L' || two === '0P' || two === '28') return 403;
  if (
    ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(two)
  )
    return 500;
  return 400;
}

/**
 * A request's failure as the service answers it: a RestError as it is, a database error
 * mapped by its SQLSTATE; anything else (a bug) is undefined.
 */
export function asRestError(error: unknown, hadJwt: boolean): RestError | undefined {
  if (error instanceof RestError) return error;
  if (error instanceof DatabaseError) return fromDatabaseError(error, hadJwt);
  return undefined;
}

/** Turns a database error into the client's error, keeping SQLSTATE, detail and hint. */
export function fromDatabaseError(error: DatabaseError, hadJwt: boolean): RestError {
  if (error.code === 'PGRST') return fromRaisedPgrst(error);
  const status = statusForSqlState(error.code, error.message, hadJwt);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  // The database went away (restart, failover): the same request can succeed in a moment.
  if (status === 503) headers['Retry-After'] = '1';
  return new RestError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
}

/** RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}': a fully custom error. */
function fromRaisedPgrst(error: DatabaseError): RestError {
  let body: unknown;
  let meta: unknown;
  try {
    body = JSON.parse(error.message);
    meta = JSON.parse(error.detail ?? '');
  } catch {
    return restErrors.badRaise(`Invalid JSON value for MESSAGE: '${error.message}'`);
  }
  if (typeof body !== 'object' || body === null || typeof meta !== 'object' || meta === null) {
    return restErrors.badRaise(`Invalid JSON value for MESSAGE: '${error.message}'`);
  }
  const b = body as Record<string, unknown>;
  const m = meta as { status?: unknown; headers?: unknown };
  const status = typeof m.status === 'number' && m.status >= 100 && m.status <= 599 ? m.status : 400;
  const headers: Record<string, string> = {};
  if (typeof m.headers === 'object' && m.headers !== null) {
    for (const [k, v] of Object.entries(m.headers)) if (typeof v === 'string') headers[k] = v;
  }
  const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
  return new RestError(
    status,
    typeof b.code === 'string' ? b.code : '',
    typeof b.message === 'string' ? b.message : '',
    text(b.details),
    text(b.hint),
    headers,
  );
}
