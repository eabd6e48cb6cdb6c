// Introspects the exposed schemas into a SchemaCache: one query each for relations and
// columns, keys, foreign keys and functions. Runs as the connecting (owner) role.
import type { Queryable } from '../../database/database';
import {
  relationKey,
  type ColumnInfo,
  type ForeignKeyInfo,
  type FunctionInfo,
  type RelationInfo,
  type SchemaCache,
} from './schema-cache';

const relationsSql = `
select n.nspname as schema, c.relname as name, c.relkind::text as kind,
  obj_description(c.oid, 'pg_class') as description,
  coalesce(pg_relation_is_updatable(c.oid::regclass, true), 0) as updatable_mask,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'type', format_type(a.atttypid, a.atttypmod),
      'udt', t.typname,
      'nullable', not a.attnotnull,
      'default', case
        when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
        when a.attgenerated <> '' then null
        -- A column of a domain type without its own default takes the domain's (PostgREST too).
        else coalesce(pg_get_expr(d.adbin, d.adrelid), case when t.typbasetype <> 0 then pg_get_expr(t.typdefaultbin, 0) end) end,
      'description', col_description(c.oid, a.attnum)
    ) order by a.attnum)
    from pg_attribute a
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]'::json) as columns,
  coalesce((
    select json_agg(json_build_object('primary', i.indisprimary, 'columns', (
      select json_agg(a.attname order by k.ord)
      from unnest(i.indkey) with ordinality k(attnum, ord)
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
    )))
    from pg_index i
    where i.indrelid = c.oid and i.indisunique and i.indpred is null and not (0 = any(i.indkey::int2[]))
  ), '[]'::json) as keys
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
`;

const foreignKeysSql = `
select con.conname as name,
  n1.nspname as schema, c1.relname as table,
  n2.nspname as ref_schema, c2.relname as ref_table,
  (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
  (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as ref_columns
from pg_constraint con
join pg_class c1 on c1.oid = con.conrelid
join pg_namespace n1 on n1.oid = c1.relnamespace
join pg_class c2 on c2.oid = con.confrelid
join pg_namespace n2 on n2.oid = c2.relnamespace
where con.contype = 'f' and (n1.nspname = any($1::text[]) or n2.nspname = any($1::text[]))
order by con.conname
`;

/** Views whose columns come straight from one base table's columns, with the column map. */
const viewColumnsSql = `
select distinct vn.nspname as view_schema, v.relname as view_name,
  tn.nspname as table_schema, t.relname as table_name, ta.attname as column_name
from pg_class v
join pg_namespace vn on vn.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
join pg_class t on t.oid = d.refobjid and t.oid <> v.oid
join pg_namespace tn on tn.oid = t.relnamespace
join pg_attribute ta on ta.attrelid = t.oid and ta.attnum = d.refobjsubid
join pg_attribute va on va.attrelid = v.oid and va.attname = ta.attname and not va.attisdropped
where v.relkind in ('v', 'm') and vn.nspname = any($1::text[])
`;

const functionsSql = `
select n.nspname as schema, p.proname as name, p.proretset as returns_set,
  p.provolatile::text as volatility, p.prorows as rows,
  format_type(p.prorettype, null) as return_type,
  p.prorettype = 'void'::regtype as returns_void,
  rt.typtype = 'c' or p.proargmodes::text[] && array['o', 't'] as returns_composite,
  rn.nspname as ret_schema, rc.relname as ret_name, rc.relkind::text as ret_kind,
  obj_description(p.oid, 'pg_proc') as description,
  p.pronargdefaults as n_defaults,
  coalesce((
    select json_agg(json_build_object(
      'name', coalesce(p.proargnames[a.ord], ''),
      'type', format_type(a.typ, null),
      'mode', coalesce(p.proargmodes[a.ord], 'i')
    ) order by a.ord)
    from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality a(typ, ord)
  ), '[]'::json) as args
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_type rt on rt.oid = p.prorettype
left join pg_class rc on rc.oid = rt.typrelid
left join pg_namespace rn on rn.oid = rc.relnamespace
where n.nspname = any($1::text[]) and p.prokind = 'f'
`;

interface RelationRow {
  schema: string;
  name: string;
  kind: string;
  description: string | null;
  updatable_mask: number;
  columns: {
    name: string;
    type: string;
    udt: string;
    nullable: boolean;
    default: string | null;
    description: string | null;
  }[];
  keys: { primary: boolean; columns: string[] }[];
}

interface ForeignKeyRow {
  name: string;
  schema: string;
  table: string;
  ref_schema: string;
  ref_table: string;
  columns: string[];
  ref_columns: string[];
}

interface ViewColumnRow {
  view_schema: string;
  view_name: string;
  table_schema: string;
  table_name: string;
  column_name: string;
}

interface FunctionRow {
  schema: string;
  name: string;
  returns_set: boolean;
  volatility: 'v' | 's' | 'i';
  rows: number | string;
  return_type: string;
  returns_void: boolean;
  returns_composite: boolean | null;
  ret_schema: string | null;
  ret_name: string | null;
  ret_kind: string | null;
  description: string | null;
  n_defaults: number;
  args: { name: string; type: string; mode: string }[];
}

const kinds: Record<string, RelationInfo['kind']> = {
  r: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  p: 'partitioned table',
};

function toRelation(row: RelationRow): RelationInfo {
  const columns: ColumnInfo[] = row.columns.map((c) => ({
    name: c.name,
    type: c.type,
    udt: c.udt,
    nullable: c.nullable,
    defaultSql: c.default,
    description: c.description,
  }));
  const primary = row.keys.find((k) => k.primary);
  const mask = Number(row.updatable_mask);
  const isTable = row.kind === 'r' || row.kind === 'p';
  return {
    schema: row.schema,
    name: row.name,
    kind: kinds[row.kind] ?? 'table',
    columns,
    primaryKey: primary?.columns ?? [],
    uniqueKeys: row.keys.map((k) => k.columns),
    // pg_relation_is_updatable bits: 4 = INSERT, 8 = UPDATE, 16 = DELETE.
    insertable: isTable || (mask & 4) !== 0,
    updatable: isTable || (mask & 8) !== 0,
    deletable: isTable || (mask & 16) !== 0,
    description: row.description,
  };
}

/**
 * Foreign keys seen through views: a view that exposes all of a key's columns from the
 * key's table gets a copy of the key, so embedding works through simple views.
 */
function viewForeignKeys(keys: ForeignKeyInfo[], viewColumns: ViewColumnRow[]): ForeignKeyInfo[] {
  const byTable = new Map<string, { schema: string; name: string; columns: Set<string> }[]>();
  const views = new Map<string, { schema: string; name: string; table: string; columns: Set<string> }>();
  for (const row of viewColumns) {
    const id = `${row.view_schema}.${row.view_name}->${row.table_schema}.${row.table_name}`;
    let entry = views.get(id);
    if (!entry) {
      entry = {
        schema: row.view_schema,
        name: row.view_name,
        table: relationKey(row.table_schema, row.table_name),
        columns: new Set(),
      };
      views.set(id, entry);
    }
    entry.columns.add(row.column_name);
  }
  for (const v of views.values()) {
    const list = byTable.get(v.table) ?? [];
    list.push({ schema: v.schema, name: v.name, columns: v.columns });
    byTable.set(v.table, list);
  }
  const out: ForeignKeyInfo[] = [];
  const covering = (schema: string, table: string, cols: string[]) =>
    [
      { schema, name: table, columns: new Set(cols) },
      ...(byTable.get(relationKey(schema, table)) ?? []),
    ].filter((v) => cols.every((c) => v.columns.has(c)));
  for (const fk of keys) {
    for (const from of covering(fk.schema, fk.table, fk.columns)) {
      for (const to of covering(fk.refSchema, fk.refTable, fk.refColumns)) {
        if (
          from.name === fk.table &&
          from.schema === fk.schema &&
          to.name === fk.refTable &&
          to.schema === fk.refSchema
        )
          continue;
        out.push({ ...fk, schema: from.schema, table: from.name, refSchema: to.schema, refTable: to.name });
      }
    }
  }
  return out;
}

function toFunction(row: FunctionRow): FunctionInfo {
  const inArgs = row.args.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
  const firstDefault = inArgs.length - Number(row.n_defaults);
  return {
    schema: row.schema,
    name: row.name,
    args: inArgs.map((a, i) => ({
      name: a.name,
      type: a.type,
      hasDefault: i >= firstDefault,
      variadic: a.mode === 'v',
    })),
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnsVoid: row.returns_void,
    returnRelation:
      row.ret_schema && row.ret_name && row.ret_kind !== 'c'
        ? { schema: row.ret_schema, name: row.ret_name }
        : null,
    returnsComposite: row.returns_composite === true,
    volatility: row.volatility,
    rows: Number(row.rows),
    description: row.description,
  };
}

export async function loadSchemaCache(db: Queryable, schemas: string[]): Promise<SchemaCache> {
  const relations = await db.query<RelationRow>(relationsSql, [schemas]);
  const keys = await db.query<ForeignKeyRow>(foreignKeysSql, [schemas]);
  const viewColumns = await db.query<ViewColumnRow>(viewColumnsSql, [schemas]);
  const functions = await db.query<FunctionRow>(functionsSql, [schemas]);

  const relationMap = new Map<string, RelationInfo>();
  for (const row of relations.rows) relationMap.set(relationKey(row.schema, row.name), toRelation(row));
  const foreignKeys: ForeignKeyInfo[] = keys.rows
    .filter((k) => k.columns && k.ref_columns)
    .map((k) => ({
      name: k.name,
      schema: k.schema,
      table: k.table,
      columns: k.columns,
      refSchema: k.ref_schema,
      refTable: k.ref_table,
      refColumns: k.ref_columns,
    }));
  const functionMap = new Map<string, FunctionInfo[]>();
  for (const row of functions.rows) {
    const key = relationKey(row.schema, row.name);
    const list = functionMap.get(key) ?? [];
    list.push(toFunction(row));
    functionMap.set(key, list);
  }
  return {
    relations: relationMap,
    foreignKeys: [...foreignKeys, ...viewForeignKeys(foreignKeys, viewColumns.rows)],
    functions: functionMap,
    loadedAt: Date.now(),
  };
}
