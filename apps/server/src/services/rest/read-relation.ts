// GET / HEAD /{relation}: reads a table or view with the full read grammar.
import type { QueryResult } from '../../database/database';
import { buildRootQuery } from './build-read-sql';
import { bodySql, finalStatement, type StatementRow } from './build-statement';
import { explainStatement } from './explain-statement';
import { exactCountSql, plannedCount } from './count-rows';
import { parseSelect } from './parse-select';
import { appliedPreferences } from './parse-prefer';
import { planRead } from './plan-read';
import { applyGucs, contentRange, contentTypes, rangeStatus, respond } from './render-response';
import { restErrors } from './rest-error';
import { requireRelation, rootPaging, type RequestScope } from './request-scope';
import { queryRowAsCaller, runAsCaller } from './run-statement';
import { ident, InlineSqlParams, qualified, SqlParams } from './sql-text';

export async function readRelation(scope: RequestScope, name: string): Promise<Response> {
  const relation = await requireRelation(scope, name);
  const { params: query, prefs, media, deps } = scope;
  const items = parseSelect(query.select ?? '*');
  const root = planRead(
    scope.cache,
    relation,
    ident(relation.name),
    items,
    query.nodes,
    deps.config.rest.aggregatesEnabled,
  );
  const paging = rootPaging(scope, root.mods.limit, root.mods.offset);
  const count = prefs.count;
  const runOptions = { schema: scope.schema, readOnly: true, timezone: prefs.timezone };
  const body = bodySql(scope.method === 'HEAD' ? 'none' : media.kind, media.stripNulls);
  const from = `${qualified(relation.schema, relation.name)} as ${ident(relation.name)}`;
  let row: StatementRow;
  if (!media.plan && count !== 'planned' && count !== 'estimated') {
    // The common read is one statement: its values are written in as literals so that it
    // travels with the request context in one round trip.
    const q = buildRootQuery(root, from, new InlineSqlParams(), paging);
    const total = count === 'exact' ? exactCountSql(q.count) : null;
    const sql = finalStatement([`pgrst_source as (${q.select})`], body, total, null);
    row = await queryRowAsCaller<StatementRow>(deps, scope.c, runOptions, sql);
  } else {
    const params = new SqlParams();
    const q = buildRootQuery(root, from, params, paging);
    if (media.plan) {
      const sql = finalStatement([`pgrst_source as (${q.select})`], bodySql(media.kind, false), null, null);
      return explainStatement(scope, media.plan, sql, params.values, true);
    }
    // A planned count asks the planner first, in the same transaction.
    row = await runAsCaller(deps, scope.c, runOptions, async (tx) => {
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
