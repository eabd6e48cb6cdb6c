// GET / HEAD /{relation}: reads a table or view with the full read grammar.
import type { QueryResult } from '../../database/database';
import { buildRootQuery } from './build-read-sql';
import { bodySql, finalStatement, type StatementRow } from './build-statement';
import { explainStatement } from './explain-statement';
import { exactCountSql, plannedCount } from './count-rows';
import { parseSelect } from './parse-select';
import { appliedPreferences } from './parse-prefer';
import { planRead } from './plan-read';
import {
  applyGucs,
  contentRange,
  contentTypes,
  rangeStatus,
  respond,
  type RestAnswer,
} from './render-response';
import { restErrors } from './rest-error';
import { requireRelation, rootPaging, type RequestScope } from './request-scope';
import { queryRowAsCaller, runAsCaller } from './run-statement';
import type { SchemaCache } from './schema-cache';
import { ident, InlineSqlParams, qualified, SqlParams } from './sql-text';

/** A read's statement and what rendering its answer needs, for requests alike in every input. */
interface CachedRead {
  sql: string;
  paging: { limit: number; offset: number };
}

const cachedReads = new WeakMap<SchemaCache, Map<string, CachedRead>>();
const maxCachedReads = 500;

/**
 * Everything a plain read's statement is built from besides the schema cache and the
 * configuration: method, schema, relation, query string and the Accept, Prefer and Range
 * headers. Values are written into the statement, so requests differing in any value
 * have different keys.
 */
function readKey(scope: RequestScope, name: string): string {
  const h = (n: string) => scope.req.header(n) ?? '';
  return [scope.method, scope.schema, name, scope.search, h('accept'), h('prefer'), h('range')].join(
    '\u0000',
  );
}

/** Parses, plans and builds the read's root query with its values written by `params`. */
async function buildRead(scope: RequestScope, name: string, params: SqlParams) {
  const query = scope.params;
  const relation = await requireRelation(scope, name);
  const root = planRead(
    scope.cache,
    relation,
    ident(relation.name),
    parseSelect(query.select ?? '*'),
    query.nodes,
    scope.deps.config.rest.aggregatesEnabled,
  );
  const paging = rootPaging(scope, root.mods.limit, root.mods.offset);
  const from = `${qualified(relation.schema, relation.name)} as ${ident(relation.name)}`;
  return { q: buildRootQuery(root, from, params, paging), paging };
}

/**
 * The statement of a plain read (one statement, values inline): from the cache when the
 * same read was built against the same schema cache, else parsed, planned and built.
 */
async function plainRead(scope: RequestScope, name: string, body: string): Promise<CachedRead> {
  let byKey = cachedReads.get(scope.cache);
  const key = readKey(scope, name);
  const hit = byKey?.get(key);
  if (hit) return hit;
  const { q, paging } = await buildRead(scope, name, new InlineSqlParams());
  const total = scope.prefs.count === 'exact' ? exactCountSql(q.count) : null;
  const entry = { sql: finalStatement([`pgrst_source as (${q.select})`], body, total, null), paging };
  // requireRelation may have loaded a newer schema cache; the entry belongs to that one.
  if (!byKey || cachedReads.get(scope.cache) !== byKey) {
    byKey = cachedReads.get(scope.cache) ?? new Map<string, CachedRead>();
    cachedReads.set(scope.cache, byKey);
  }
  if (byKey.size >= maxCachedReads) byKey.delete(byKey.keys().next().value!);
  byKey.set(key, entry);
  return entry;
}

export async function readRelation(scope: RequestScope, name: string): Promise<RestAnswer> {
  const { prefs, media, deps } = scope;
  const count = prefs.count;
  const runOptions = { schema: scope.schema, readOnly: true, timezone: prefs.timezone };
  const body = bodySql(scope.method === 'HEAD' ? 'none' : media.kind, media.stripNulls);
  let row: StatementRow;
  let paging: { limit: number; offset: number };
  if (!media.plan && count !== 'planned' && count !== 'estimated') {
    // The common read is one statement: its values are written in as literals so that it
    // travels with the request context in one round trip.
    const read = await plainRead(scope, name, body);
    paging = read.paging;
    row = await queryRowAsCaller<StatementRow>(deps, scope.req, runOptions, read.sql);
  } else {
    const params = new SqlParams();
    const built = await buildRead(scope, name, params);
    const q = built.q;
    paging = built.paging;
    if (media.plan) {
      const sql = finalStatement([`pgrst_source as (${q.select})`], bodySql(media.kind, false), null, null);
      return explainStatement(scope, media.plan, sql, params.values, true);
    }
    // A planned count asks the planner first, in the same transaction.
    row = await runAsCaller(deps, scope.req, runOptions, async (tx) => {
      const planned = await plannedCount(tx, q.full, params.values);
      const exact = count === 'estimated' && planned <= deps.config.rest.maxRows;
      const total = exact ? exactCountSql(q.count) : String(planned);
      const sql = finalStatement([`pgrst_source as (${q.select})`], body, total, null);
      const result: QueryResult<StatementRow> = await tx.query<StatementRow>(sql, params.values);
      return result.rows[0]!;
    });
  }
  const pageTotal = Number(row.page_total);
  const total = row.total === null ? undefined : Number(row.total);
  if (media.kind === 'object' && pageTotal !== 1) throw restErrors.singular(pageTotal);
  const headers: Record<string, string> = {
    ...scope.baseHeaders,
    'Content-Type': contentTypes[media.kind],
    'Content-Range': contentRange(paging.offset, pageTotal, total),
  };
  const applied = appliedPreferences({ count });
  if (applied) headers['Preference-Applied'] = applied;
  let status = rangeStatus(paging.offset, pageTotal, total);
  status = applyGucs(status, headers, row.response_headers, row.response_status);
  return respond(scope.method, status, row.body ?? '', headers);
}
