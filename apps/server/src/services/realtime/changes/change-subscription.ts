// One postgres_changes subscription of a channel: the params the client sent (echoed in the
// join reply), the parsed event/schema/table/filter, and the integer id that change
// messages carry (brief §3.3, §3.11).

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';
export type FilterOp =
  | 'eq'
  | 'neq'
  | 'lt'
  | 'lte'
  | 'gt'
  | 'gte'
  | 'in'
  | 'like'
  | 'ilike'
  | 'is'
  | 'match'
  | 'imatch'
  | 'isdistinct';

export interface ColumnFilter {
  column: string;
  op: FilterOp;
  /** Set by a `not.` prefix: the condition must not hold. */
  negated: boolean;
  /** One value, or the list of an `in` filter; cast to the column type by the database. */
  value: string | string[];
}

export interface ChangeSubscription {
  id: number;
  /** Exactly what the client sent, so the reply matches its bindings. */
  params: Record<string, unknown>;
  event: ChangeEvent;
  schema: string;
  /** '*' subscribes to every table of the schema. */
  table: string;
  /** The conditions of `filter`, all of which must hold (none: every row). */
  filters: ColumnFilter[];
  /** The columns the client asked for with `select`; changes then carry only these. */
  select: string[] | undefined;
  /** The table's oid once validated; '0' for every table (a * schema or table). */
  relid?: string;
}

const ops = new Set<FilterOp>([
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'in',
  'like',
  'ilike',
  'is',
  'match',
  'imatch',
  'isdistinct',
]);
const isValues = new Set(['null', 'true', 'false', 'unknown']);
const maxInValues = 100;

export class SubscriptionError extends Error {
  override readonly name = 'SubscriptionError';
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** Splits `(a,"b,c",d)` into its values, honouring double quotes. */
function parseList(raw: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')'))
    throw new SubscriptionError(`in filter needs a list in parentheses: ${raw}`);
  const inner = raw.slice(1, -1);
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i]!;
    if (ch === '\\' && quoted && i + 1 < inner.length) {
      current += inner[++i]!;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      values.push(current.trim());
      current = '';
    } else {
      current += ch;
    }
  }
  if (quoted) throw new SubscriptionError('unterminated quote in filter list');
  if (inner.trim() !== '') values.push(current.trim());
  if (values.length > maxInValues)
    throw new SubscriptionError(`an in filter takes at most ${maxInValues} values`);
  return values;
}

/** Splits `a=eq.1,b=in.(2,3),c=eq."x,y"` at the commas outside parentheses and quotes. */
function splitConditions(raw: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i];
    if (ch === '\\' && quoted) i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth = Math.max(0, depth - 1);
    else if (!quoted && depth === 0 && ch === ',') {
      parts.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(raw.slice(start));
  return parts;
}

function parseCondition(raw: string): ColumnFilter {
  const eq = raw.indexOf('=');
  if (eq <= 0) throw new SubscriptionError(`filter must look like column=op.value: ${raw}`);
  const column = raw.slice(0, eq).trim();
  let rest = raw.slice(eq + 1);
  const negated = rest.startsWith('not.');
  if (negated) rest = rest.slice('not.'.length);
  const dot = rest.indexOf('.');
  const op = (dot < 0 ? rest : rest.slice(0, dot)) as FilterOp;
  if (!ops.has(op) || dot < 0) throw new SubscriptionError(`unsupported filter operator in ${raw}`);
  const value = rest.slice(dot + 1);
  if (op === 'in') return { column, op, negated, value: parseList(value) };
  if (op === 'is' && !isValues.has(value.toLowerCase()))
    throw new SubscriptionError(`is takes null, true, false or unknown: ${raw}`);
  return { column, op, negated, value: op === 'is' ? value.toLowerCase() : unquote(value) };
}

/** The conditions of a filter, comma-separated and all required. */
export function parseFilter(raw: string): ColumnFilter[] {
  return splitConditions(raw).map(parseCondition);
}

/** FNV-1a over the subscription's meaning, kept positive and non-zero (the client tests truthiness). */
function subscriptionId(parts: unknown[]): number {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(parts);
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 1) % 2_147_483_647 || 1;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

function parseSelect(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((c) => typeof c === 'string' && c !== '')) {
    throw new SubscriptionError('select must be a list of column names');
  }
  return [...new Set(raw as string[])];
}

export function parseChangeSubscription(raw: unknown): ChangeSubscription {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new SubscriptionError('a postgres_changes entry must be an object');
  }
  const params = raw as Record<string, unknown>;
  const event = text(params.event)?.toUpperCase() ?? '*';
  if (event !== '*' && event !== 'INSERT' && event !== 'UPDATE' && event !== 'DELETE') {
    throw new SubscriptionError(`unknown event ${String(params.event)}`);
  }
  const table = text(params.table) ?? '*';
  const schema = text(params.schema) ?? (table !== '*' ? 'public' : undefined);
  if (!schema) throw new SubscriptionError('schema is required');
  const filterText = text(params.filter);
  const filters = filterText ? parseFilter(filterText) : [];
  if (filters.length > 0 && (schema === '*' || table === '*'))
    throw new SubscriptionError('filters need one schema and table');
  const select = parseSelect(params.select);
  if (select && (schema === '*' || table === '*'))
    throw new SubscriptionError('select needs one schema and table');
  return {
    id: subscriptionId([event, schema, table, filterText ?? null, ...(select ? [select] : [])]),
    params,
    event,
    schema,
    table,
    filters,
    select,
  };
}

export function subscriptionCovers(
  sub: ChangeSubscription,
  schema: string,
  table: string,
  op: string,
): boolean {
  return (
    (sub.event === '*' || sub.event === op) &&
    (sub.schema === '*' || sub.schema === schema) &&
    (sub.table === '*' || sub.table === table)
  );
}

export function describeSubscription(sub: ChangeSubscription): string {
  const filter = typeof sub.params.filter === 'string' ? sub.params.filter : '';
  return `[event: ${sub.event}, schema: ${sub.schema}, table: ${sub.table}, filters: [${filter}]]`;
}
