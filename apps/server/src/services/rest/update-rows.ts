// PATCH /{relation}?filters: updates the filtered rows with the given columns.
import { conditionSql } from './build-filter-sql';
import { isPlainObject, readJsonBody } from './read-json-body';
import { requireRelation, type RequestScope } from './request-scope';
import { restErrors } from './rest-error';
import type { RestAnswer } from './render-response';
import { runWrite } from './run-write';
import { ident, qualified } from './sql-text';

export async function updateRows(scope: RequestScope, name: string): Promise<RestAnswer> {
  const relation = await requireRelation(scope, name);
  const body = await readJsonBody(scope);
  if (!isPlainObject(body.value)) throw restErrors.invalidBody('Empty or invalid json');
  const columns = Object.keys(body.value);
  for (const column of columns) {
    if (!relation.columns.some((c) => c.name === column))
      throw restErrors.columnNotFound(column, relation.name);
  }
  const ref = ident(relation.name);
  return runWrite(scope, {
    kind: 'update',
    relation,
    upsertMerge: false,
    applied: {},
    dml: (params, node, returned) => {
      const where = node.mods.conditions.map((c) => conditionSql(node, c, params));
      const whereSql = where.length > 0 ? ` where ${where.join(' and ')}` : '';
      const target = `${qualified(relation.schema, relation.name)} as ${ref}`;
      if (columns.length === 0) {
        // Nothing to set: no row is touched and none reported, as PostgREST does (204, or
        // [] with return=representation). The filters stay in the text so that the values
        // they already added to the parameters are still bound.
        const filters = where.length > 0 ? ` and ${where.join(' and ')}` : '';
        return `select ${returned}, true as pgrst_inserted from ${target} where false${filters}`;
      }
      const sets = columns.map((c) => `${ident(c)} = pgrst_p.${ident(c)}`).join(', ');
      const rowType = qualified(relation.schema, relation.name);
      return `update ${target} set ${sets} from json_populate_record(null::${rowType}, ${params.add(body.raw)}::json) as pgrst_p${whereSql} returning ${returned}, true as pgrst_inserted`;
    },
  });
}
