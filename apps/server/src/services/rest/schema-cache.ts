// What the data service knows about the exposed schemas: relations and their columns,
// keys and foreign keys, and functions. Built by load-schema-cache.ts.

export interface ColumnInfo {
  name: string;
  /** format_type() of the column, e.g. "timestamp with time zone", "integer[]". */
  type: string;
  /** The base type's name (udt name), e.g. "tsvector", "_int4". */
  udt: string;
  nullable: boolean;
  /** The column default as SQL, or the identity sequence's nextval(). */
  defaultSql: string | null;
  description: string | null;
}

export interface RelationInfo {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized view' | 'foreign table' | 'partitioned table';
  columns: ColumnInfo[];
  primaryKey: string[];
  /** Column sets of unique constraints and unique indexes (including the primary key). */
  uniqueKeys: string[][];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  description: string | null;
}

export interface ForeignKeyInfo {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  /** IN / INOUT / VARIADIC arguments in declaration order. */
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** When the result is a table's (or view's) row type. */
  returnRelation: { schema: string; name: string } | null;
  /** Whether the result is a composite (row) type, named or from OUT/TABLE columns. */
  returnsComposite: boolean;
  volatility: 'v' | 's' | 'i';
  /** Declared ROWS estimate (ROWS 1 makes a computed relationship to-one). */
  rows: number;
  description: string | null;
}

export interface SchemaCache {
  relations: Map<string, RelationInfo>;
  foreignKeys: ForeignKeyInfo[];
  functions: Map<string, FunctionInfo[]>;
  loadedAt: number;
}

export const relationKey = (schema: string, name: string): string => `${schema}\u0000${name}`;

export function findRelation(cache: SchemaCache, schema: string, name: string): RelationInfo | undefined {
  return cache.relations.get(relationKey(schema, name));
}

export function findFunctions(cache: SchemaCache, schema: string, name: string): FunctionInfo[] {
  return cache.functions.get(relationKey(schema, name)) ?? [];
}
