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
import { runAsCaller } from './run-statement';
import { ident, qualified, SqlParams } from './sql-text';

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
  const params = new SqlParams();
  const q = buildRootQuery(
    root,
    `${qualified(relation.schema, relation.name)} as ${ident(relation.name)}`,
    params,
    paging,
  );
  if (media.plan) {
    const sql = finalStatement([`pgrst_source as (${q.select})`], bodySql(media.kind, false), null, null);
    return explainStatement(scope, media.plan, sql, params.values, true);
  }
  const count = prefs.count;
  const row = await runAsCaller(
    deps,
    scope.c,
    { schema: scope.schema, readOnly: true, timezone: prefs.timezone },
    async (tx) => {
      let planned: number | undefined;
      if (count === 'planned' || count === 'estimated')
        planned = await plannedCount(tx, q.full, params.values);
      const exact =
        count === 'exact' || (count === 'estimated' && (planned ?? 0) <= deps.config.rest.maxRows);
      const total = exact ? exactCountSql(q.count) : planned === undefined ? null : String(planned);
      const sql = finalStatement(
        [`pgrst_source as (${q.select})`],
        bodySql(scope.method === 'HEAD' ? 'none' : media.kind, media.stripNulls),
        total,
        null,
      );
      const result: QueryResult<StatementRow> = await tx.query<StatementRow>(sql, params.values);
      return result.rows[0]!;
    },
  );
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
