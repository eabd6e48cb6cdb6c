// POST /{relation}: insert one object or an array of objects in one statement; with
// Prefer: resolution=… an upsert on the primary key or on_conflict columns.
import { isPlainObject, readJsonBody } from './read-json-body';
import { requireRelation, type RequestScope } from './request-scope';
import { restErrors } from './rest-error';
import type { RestAnswer } from './render-response';
import { runWrite } from './run-write';
import type { RelationInfo } from './schema-cache';
import { ident, qualified, type SqlParams } from './sql-text';

function sameKeys(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((k) => b.includes(k));
}

/** The columns to insert: columns= if given, else the (identical) keys of every object. */
export function insertColumns(
  scope: RequestScope,
  relation: RelationInfo,
  rows: Record<string, unknown>[],
): string[] {
  let columns = scope.params.columns;
  if (!columns) {
    const first = Object.keys(rows[0] ?? {});
    for (const row of rows)
      if (!sameKeys(first, Object.keys(row))) throw restErrors.invalidBody('All object keys must match');
    columns = first;
  }
  for (const column of columns) {
    if (!relation.columns.some((c) => c.name === column))
      throw restErrors.columnNotFound(column, relation.name);
  }
  return [...new Set(columns)];
}

export function valuesSql(
  relation: RelationInfo,
  columns: string[],
  rows: Record<string, unknown>[],
  missingDefault: boolean,
  params: SqlParams,
  arraySql: string,
): string {
  const rowType = qualified(relation.schema, relation.name);
  const complete = rows.every((r) => columns.every((c) => Object.hasOwn(r, c)));
  if (!missingDefault || complete) {
    const list = columns.map((c) => `pgrst_p.${ident(c)}`).join(', ');
    return `select ${list} from json_populate_recordset(null::${rowType}, ${arraySql}) as pgrst_p`;
  }
  // missing=default: a key absent from an object takes the column's default.
  const list = columns.map((c) => {
    const info = relation.columns.find((x) => x.name === c);
    const fallback = info?.defaultSql ?? 'null';
    return `case when pgrst_e.value::jsonb ? ${params.text(c)} then pgrst_p.${ident(c)} else ${fallback} end`;
  });
  return `select ${list.join(', ')} from json_array_elements(${arraySql}) with ordinality as pgrst_e(value, pgrst_n)
    cross join lateral json_populate_record(null::${rowType}, pgrst_e.value) as pgrst_p order by pgrst_e.pgrst_n`;
}

/** The objects of a body that is one object or an array of objects. */
export function bodyRows(value: unknown): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isPlainObject(item)) throw restErrors.invalidBody('All object keys must match');
      rows.push(item);
    }
  } else if (isPlainObject(value)) {
    rows.push(value);
  } else {
    throw restErrors.invalidBody('Empty or invalid json');
  }
  return rows;
}

/** The body as a JSON array expression (a single object becomes an array of one). */
export function arrayParamSql(params: SqlParams, raw: string): string {
  const p = params.add(raw);
  return `(case when json_typeof(${p}::json) = 'array' then ${p}::json else json_build_array(${p}::json) end)`;
}

export async function insertRows(scope: RequestScope, name: string): Promise<RestAnswer> {
  const relation = await requireRelation(scope, name);
  const body = await readJsonBody(scope);
  const rows = bodyRows(body.value);
  const columns = insertColumns(scope, relation, rows);
  const { prefs } = scope;
  const resolution = prefs.resolution;
  const missingDefault = prefs.missing === 'default';
  const conflict = scope.params.onConflict ?? relation.primaryKey;
  for (const column of conflict) {
    if (resolution && !relation.columns.some((c) => c.name === column))
      throw restErrors.columnNotFound(column, relation.name);
  }
  const ref = ident(relation.name);
  return runWrite(scope, {
    kind: 'insert',
    relation,
    upsertMerge: resolution === 'merge-duplicates',
    applied: { resolution, missing: prefs.missing },
    dml: (params, _node, returned) => {
      const arraySql = arrayParamSql(params, body.raw);
      const target = `${qualified(relation.schema, relation.name)} as ${ref}`;
      let sql =
        columns.length === 0
          ? `insert into ${target} select from json_array_elements(${arraySql})`
          : `insert into ${target} (${columns.map(ident).join(', ')}) ${valuesSql(relation, columns, rows, missingDefault, params, arraySql)}`;
      if (resolution) {
        const target = conflict.length > 0 ? ` (${conflict.map(ident).join(', ')})` : '';
        const sets = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
        sql +=
          resolution === 'ignore-duplicates' || sets.length === 0
            ? ` on conflict${target} do nothing`
            : ` on conflict${target} do update set ${sets.join(', ')}`;
      }
      const inserted = resolution === 'merge-duplicates' ? `(${ref}.xmax = 0)` : 'true';
      return `${sql} returning ${returned}, ${inserted} as pgrst_inserted`;
    },
  });
}
