// What change delivery needs to know about a published table: its qualified name, columns
// with type names (the client converts values with them), primary key, whether RLS is on
// and its replica identity. Cached briefly and refreshed when a record's columns differ.
import type { Queryable } from '../../../database/database';

export interface TableInfo {
  qualified: string;
  rls: boolean;
  /** 'f' = REPLICA IDENTITY FULL: UPDATE/DELETE carry the whole old row. */
  replicaIdentity: string;
  columns: { name: string; type: string }[];
  primaryKey: string[];
  /** The SQL type of each primary key column, for casting key values in look-ups. */
  primaryKeyTypes: string[];
}

const catalogSql = `
select format('%I.%I', n.nspname, c.relname) as qualified,
       c.relrowsecurity as rls,
       c.relreplident::text as replident,
       coalesce((select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                 from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]'::json) as columns,
       coalesce((select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                 from pg_catalog.pg_index i
                 join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                 where i.indrelid = c.oid and i.indisprimary), '[]'::json) as pk,
       coalesce((select json_agg(format_type(a.atttypid, a.atttypmod) order by array_position(i.indkey::int2[], a.attnum))
                 from pg_catalog.pg_index i
                 join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
                 where i.indrelid = c.oid and i.indisprimary), '[]'::json) as pk_types
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.oid = $1::oid`;

interface CatalogRow {
  qualified: string;
  rls: boolean;
  replident: string;
  columns: { name: string; type: string }[];
  pk: string[];
  pk_types: string[];
}

const freshForMs = 10_000;

export class TableCatalog {
  private readonly cache = new Map<string, { info: TableInfo; at: number }>();

  constructor(private readonly db: Queryable) {}

  async get(relid: string, record: Record<string, unknown> | undefined): Promise<TableInfo | undefined> {
    const cached = this.cache.get(relid);
    if (cached && Date.now() - cached.at < freshForMs && (!record || sameColumns(cached.info, record))) {
      return cached.info;
    }
    const result = await this.db.query<CatalogRow>(catalogSql, [relid]);
    const row = result.rows[0];
    if (!row) {
      this.cache.delete(relid);
      return undefined;
    }
    const info: TableInfo = {
      qualified: row.qualified,
      rls: row.rls,
      replicaIdentity: row.replident,
      columns: row.columns,
      primaryKey: row.pk,
      primaryKeyTypes: row.pk_types,
    };
    this.cache.set(relid, { info, at: Date.now() });
    return info;
  }
}

function sameColumns(info: TableInfo, record: Record<string, unknown>): boolean {
  const keys = Object.keys(record);
  return keys.length === info.columns.length && info.columns.every((c) => c.name in record);
}
