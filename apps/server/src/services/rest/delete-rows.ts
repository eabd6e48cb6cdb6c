// DELETE /{relation}?filters: deletes the filtered rows.
import { conditionSql } from './build-filter-sql';
import { requireRelation, type RequestScope } from './request-scope';
import type { RestAnswer } from './render-response';
import { runWrite } from './run-write';
import { ident, qualified } from './sql-text';

export async function deleteRows(scope: RequestScope, name: string): Promise<RestAnswer> {
  const relation = await requireRelation(scope, name);
  const ref = ident(relation.name);
  return runWrite(scope, {
    kind: 'delete',
    relation,
    upsertMerge: false,
    applied: {},
    dml: (params, node, returned) => {
      const where = node.mods.conditions.map((c) => conditionSql(node, c, params));
      const whereSql = where.length > 0 ? ` where ${where.join(' and ')}` : '';
      return `delete from ${qualified(relation.schema, relation.name)} as ${ref}${whereSql} returning ${returned}, true as pgrst_inserted`;
    },
  });
}
