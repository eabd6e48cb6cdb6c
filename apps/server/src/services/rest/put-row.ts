// PUT /{relation}?pk=eq.v: PostgREST's single-row upsert. The filters must be exactly the
// primary key's columns with eq, no paging; the body is one row whose key equals the URL's,
// inserted or, on a key conflict, written over with every column the body names.
import type { Condition } from './api-request';
import { arrayParamSql, bodyRows, insertColumns, valuesSql } from './insert-rows';
import { readJsonBody } from './read-json-body';
import { requireRelation, type RequestScope } from './request-scope';
import { restErrors } from './rest-error';
import type { RestAnswer } from './render-response';
import { runWrite } from './run-write';
import { ident, qualified } from './sql-text';

/** The URL's key values by column, or PGRST105 when the filters are anything else. */
function keyFilters(conditions: Condition[], key: string[]): Map<string, string> {
  const values = new Map<string, string>();
  for (const c of conditions) {
    const simple =
      c.kind === 'filter' &&
      !c.operation.negated &&
      c.operation.operator === 'eq' &&
      c.operation.modifier === undefined &&
      c.field.path.length === 0 &&
      key.includes(c.field.name) &&
      !values.has(c.field.name);
    if (!simple || c.kind !== 'filter') throw restErrors.putFilters();
    values.set(c.field.name, c.operation.value);
  }
  if (key.length === 0 || values.size !== key.length) throw restErrors.putFilters();
  return values;
}

export async function putRow(scope: RequestScope, name: string): Promise<RestAnswer> {
  const relation = await requireRelation(scope, name);
  const mods = scope.params.nodes.get('');
  const key = relation.primaryKey;
  const values = keyFilters(mods?.conditions ?? [], key);
  if (mods?.limit !== undefined || mods?.offset !== undefined) throw restErrors.putLimit();
  const body = await readJsonBody(scope);
  const rows = bodyRows(body.value);
  const columns = insertColumns(scope, relation, rows);
  if (rows.length !== 1 || key.some((k) => !columns.includes(k))) throw restErrors.putMismatch();
  const ref = ident(relation.name);
  return runWrite(scope, {
    kind: 'put',
    relation,
    upsertMerge: false,
    applied: {},
    dml: (params, _node, returned) => {
      const arraySql = arrayParamSql(params, body.raw);
      const source = valuesSql(relation, columns, rows, false, params, arraySql);
      // Only a payload row whose key equals the URL's is written; none → PGRST115.
      const match = key.map((k) => `pgrst_s.${ident(k)} = ${params.add(values.get(k)!)}`).join(' and ');
      const list = columns.map(ident).join(', ');
      const sets = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
      const onConflict = sets.length > 0 ? `do update set ${sets.join(', ')}` : 'do nothing';
      return `insert into ${qualified(relation.schema, relation.name)} as ${ref} (${list})
        select ${columns.map((c) => `pgrst_s.${ident(c)}`).join(', ')} from (${source}) as pgrst_s where ${match}
        on conflict (${key.map(ident).join(', ')}) ${onConflict}
        returning ${returned}, true as pgrst_inserted`;
    },
  });
}
