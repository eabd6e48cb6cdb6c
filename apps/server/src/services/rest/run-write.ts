// What inserts, updates and deletes share: the write as a CTE returning whole rows, the
// representation shaped by select= (embeds allowed), counts, max-affected, singular
// checks and tx=rollback, all in one transaction.
import type { NodeModifiers } from './api-request';
import { buildRootQuery } from './build-read-sql';
import { bodySql, finalStatement, type StatementRow } from './build-statement';
import { explainStatement } from './explain-statement';
import { parseSelect } from './parse-select';
import { appliedPreferences } from './parse-prefer';
import { planRead, type PlanNode } from './plan-read';
import { applyGucs, contentRange, contentTypes, respond, type RestAnswer } from './render-response';
import { restErrors } from './rest-error';
import { txOutcome, type RequestScope } from './request-scope';
import { RollbackWith, runAsCaller } from './run-statement';
import type { RelationInfo } from './schema-cache';
import { ident, SqlParams } from './sql-text';

/** 'put' is PUT's single-row upsert: an insert whose one row must match the URL's key. */
export type WriteKind = 'insert' | 'put' | 'update' | 'delete';

export interface WriteSpec {
  kind: WriteKind;
  relation: RelationInfo;
  /**
   * Builds "insert … / update … / delete … returning <returned>, <bool> as pgrst_inserted".
   * `returned` is the whole row only when a representation is wanted: returning rows
   * needs SELECT rights (and policies) that an insert-only caller does not have.
   */
  dml: (params: SqlParams, filterNode: PlanNode, returned: string) => string;
  /** Preferences this write honoured besides return/count/tx (resolution, missing). */
  applied: Record<string, string | undefined>;
  /** Upserts answer 200 when every row was an update. */
  upsertMerge: boolean;
}

/** "/table?pk=eq.value&…" from the key's values as Postgres rendered them. */
function locationPath(table: string, key: string[], valuesJson: string): string {
  const values = JSON.parse(valuesJson) as (string | null)[];
  const pairs = key.map((k, i) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(values[i] ?? 'null')}`);
  return `/${encodeURIComponent(table)}?${pairs.join('&')}`;
}

export async function runWrite(scope: RequestScope, spec: WriteSpec): Promise<RestAnswer> {
  const { prefs, media, params: query, deps } = scope;
  const { relation } = spec;
  const ref = ident(relation.name);
  const rootMods = query.nodes.get('') ?? {
    conditions: [],
    order: undefined,
    limit: undefined,
    offset: undefined,
  };
  const filterNode: PlanNode = { relation, ref, items: [], embeds: [], mods: rootMods };
  const inserting = spec.kind === 'insert' || spec.kind === 'put';
  if (!inserting && rootMods.conditions.length === 0 && !deps.config.rest.allowUnfilteredWrites) {
    throw restErrors.unfilteredWrite(spec.kind === 'update' ? 'UPDATE' : 'DELETE');
  }
  const representation = prefs.return === 'representation';
  // The representation is not filtered again: the written rows may no longer match.
  const repNodes = new Map<string, NodeModifiers>(query.nodes);
  repNodes.set('', { conditions: [], order: rootMods.order, limit: undefined, offset: undefined });
  const items = parseSelect(query.select ?? '*');
  const root = planRead(scope.cache, relation, ref, items, repNodes, deps.config.rest.aggregatesEnabled);

  // return=headers-only on an insert answers with Location: the key of the one new row.
  const key = relation.primaryKey;
  const locate = spec.kind === 'insert' && prefs.return === 'headers-only' && key.length > 0;
  const returned = representation
    ? `${ref} as pgrst_row`
    : locate
      ? `json_build_array(${key.map((k) => `${ref}.${ident(k)}::text`).join(', ')})::text as pgrst_loc`
      : '1 as pgrst_one';
  const params = new SqlParams();
  const dml = spec.dml(params, filterNode, returned);
  const source = representation
    ? buildRootQuery(root, `(select (pgrst_row).* from pgrst_write) as ${ref}`, params, {
        limit: undefined,
        offset: undefined,
      }).select
    : 'select 1 from pgrst_write';
  const bodyKind = representation ? media.kind : 'none';
  const body = locate
    ? '(select case when count(*) = 1 then min(pgrst_loc) end from pgrst_write)'
    : bodySql(bodyKind, media.stripNulls);
  const sql = finalStatement(
    [`pgrst_write as (${dml})`, `pgrst_source as (${source})`],
    body,
    null,
    spec.upsertMerge ? '(select count(*) from pgrst_write where pgrst_inserted)' : null,
    '(select count(*) from pgrst_write)',
  );
  if (media.plan) return explainStatement(scope, media.plan, sql, params.values, false);
  const strict = prefs.handling === 'strict';
  const tx = txOutcome(scope);
  const row = await runAsCaller(
    deps,
    scope.req,
    { schema: scope.schema, readOnly: false, timezone: prefs.timezone },
    async (db) => {
      const result = (await db.query<StatementRow>(sql, params.values)).rows[0]!;
      const affected = Number(result.page_total);
      if (spec.kind === 'put' && affected !== 1) throw restErrors.putMismatch();
      if (media.kind === 'object' && representation && affected !== 1) throw restErrors.singular(affected);
      if (media.kind === 'object' && !representation && affected > 1) throw restErrors.singular(affected);
      if (strict && prefs.maxAffected !== undefined && !inserting && affected > prefs.maxAffected) {
        throw restErrors.maxAffected(affected);
      }
      if (tx.rollback) throw new RollbackWith(result);
      return result;
    },
  );

  const affected = Number(row.page_total);
  const total = prefs.count ? affected : undefined;
  const headers: Record<string, string> = { ...scope.baseHeaders };
  if (spec.kind !== 'put')
    headers['Content-Range'] =
      spec.kind === 'update' ? contentRange(0, affected, total) : `*/${total === undefined ? '*' : total}`;
  if (locate && row.body) headers.Location = locationPath(relation.name, key, row.body);
  let status: number;
  if (spec.kind === 'insert') {
    status = spec.upsertMerge && affected > 0 && Number(row.inserted ?? '0') === 0 ? 200 : 201;
  } else {
    status = representation ? 200 : 204;
  }
  if (representation) headers['Content-Type'] = contentTypes[media.kind];
  const applied = appliedPreferences({
    ...spec.applied,
    return: prefs.return,
    count: prefs.count,
    tx: tx.applied,
    handling: strict && prefs.maxAffected !== undefined ? 'strict' : undefined,
    'max-affected': strict && !inserting ? prefs.maxAffected : undefined,
  });
  if (applied) headers['Preference-Applied'] = applied;
  status = applyGucs(status, headers, row.response_headers, row.response_status);
  return respond(scope.method, status, representation ? (row.body ?? '') : null, headers);
}
