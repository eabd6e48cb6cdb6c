// Everything a data request carries after parsing its URL and headers: the schema, the
// preferences, the negotiated media type and the sorted query parameters.
import type { ServerDeps } from '../../deps';
import type { MediaChoice, Preferences } from './api-request';
import { closestName } from './closest-name';
import type { DataRequest } from './data-request';
import { chooseMedia } from './parse-accept';
import { parsePrefer } from './parse-prefer';
import { parseQueryParams, type QueryParams } from './parse-query-params';
import { RestError, restErrors } from './rest-error';
import type { SchemaCacheHolder } from './schema-cache-holder';
import { findRelation, type RelationInfo, type SchemaCache } from './schema-cache';

export interface RequestScope {
  deps: ServerDeps;
  req: DataRequest;
  method: string;
  cache: SchemaCache;
  holder: SchemaCacheHolder;
  schema: string;
  prefs: Preferences;
  media: MediaChoice;
  /** The query string as sent ("" or "?…"). */
  search: string;
  /** The sorted query parameters, parsed on first use. */
  readonly params: QueryParams;
  /** Headers every successful response carries (Content-Profile). */
  baseHeaders: Record<string, string>;
}

export async function openScope(
  deps: ServerDeps,
  holder: SchemaCacheHolder,
  req: DataRequest,
  kind: { root: boolean; rpcRead: boolean },
): Promise<RequestScope> {
  const rest = deps.config.rest;
  if (req.url.length > rest.maxUrlLength) {
    throw new RestError(
      414,
      'PGRST100',
      'URI too long',
      `The request URL is longer than ${rest.maxUrlLength} characters`,
    );
  }
  const method = req.method;
  const read = method === 'GET' || method === 'HEAD';
  const profile = (read ? req.header('accept-profile') : req.header('content-profile'))?.trim();
  const schema = profile || rest.schemas[0]!;
  if (!rest.schemas.includes(schema)) throw restErrors.invalidSchema(schema, rest.schemas);
  const prefs = parsePrefer(req.header('prefer'));
  if (prefs.handling === 'strict' && prefs.invalid.length > 0)
    throw restErrors.invalidPreferences(prefs.invalid);
  const media = chooseMedia(req.header('accept'), kind.root, rest.planEnabled);
  const url = new URL(req.url);
  const cache = await holder.get();
  let params: QueryParams | undefined;
  return {
    deps,
    req,
    method,
    cache,
    holder,
    schema,
    prefs,
    media,
    search: url.search,
    get params() {
      return (params ??= parseQueryParams(url.searchParams, kind.rpcRead));
    },
    baseHeaders: rest.schemas.length > 1 ? { 'Content-Profile': schema } : {},
  };
}

/** The relation a path names, refreshing a stale cache once before answering PGRST205. */
export async function requireRelation(scope: RequestScope, name: string): Promise<RelationInfo> {
  let found = findRelation(scope.cache, scope.schema, name);
  if (!found) {
    scope.cache = await scope.holder.refreshIfStale();
    found = findRelation(scope.cache, scope.schema, name);
  }
  if (found) return found;
  const names = [...scope.cache.relations.values()]
    .filter((r) => r.schema === scope.schema)
    .map((r) => r.name);
  const near = closestName(name, names);
  throw restErrors.tableNotFound(
    `${scope.schema}.${name}`,
    near ? `Perhaps you meant the table '${scope.schema}.${near}'` : null,
  );
}

/** Whether tx=rollback / tx=commit from the request may override the configured ending. */
export function txOutcome(scope: RequestScope): { rollback: boolean; applied: string | undefined } {
  const end = scope.deps.config.rest.txEnd;
  const overridable = end.endsWith('allow-override');
  const base = end.startsWith('rollback');
  if (overridable && scope.prefs.tx)
    return { rollback: scope.prefs.tx === 'rollback', applied: scope.prefs.tx };
  return { rollback: base, applied: undefined };
}

/** The root's limit and offset after db-max-rows and a Range header. */
export function rootPaging(
  scope: RequestScope,
  limit: number | undefined,
  offset: number | undefined,
): { limit: number; offset: number } {
  if (limit !== undefined && limit < 0) throw restErrors.invalidRange();
  let from = offset ?? 0;
  if (from < 0) throw restErrors.invalidRange();
  let to = limit === undefined ? Infinity : from + limit - 1;
  const range = scope.method === 'GET' || scope.method === 'HEAD' ? scope.req.header('range') : undefined;
  const match = range ? /^\s*(\d+)-(\d*)\s*$/.exec(range) : null;
  if (match) {
    const lo = Number(match[1]);
    const hi = match[2] === '' ? Infinity : Number(match[2]);
    if (hi < lo) throw restErrors.invalidRange();
    from = Math.max(from, lo);
    to = Math.min(to, hi);
  }
  const count =
    to === Infinity
      ? scope.deps.config.rest.maxRows
      : Math.min(Math.max(0, to - from + 1), scope.deps.config.rest.maxRows);
  return { limit: count, offset: from };
}
