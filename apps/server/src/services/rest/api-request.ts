// The typed request the parse stage produces and the plan/build stages consume.

export interface JsonStep {
  /** '->' keeps JSON, '->>' yields text. */
  arrow: '->' | '->>';
  key: string;
  /** A numeric index (->0, ->-1) rather than an object key. */
  index: boolean;
}

export interface FieldRef {
  name: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; alias: string | undefined; cast: string | undefined }
  | {
      kind: 'aggregate';
      fn: 'count' | 'sum' | 'avg' | 'max' | 'min';
      field: FieldRef | undefined;
      alias: string | undefined;
      cast: string | undefined;
    }
  | {
      kind: 'embed';
      name: string;
      alias: string | undefined;
      hint: string | undefined;
      joinType: 'inner' | 'left' | undefined;
      spread: boolean;
      items: SelectItem[];
    };

export interface Operation {
  negated: boolean;
  operator: string;
  modifier: 'any' | 'all' | undefined;
  /** Text-search configuration, fts(english). */
  language: string | undefined;
  value: string;
  /** The parsed element list of in.(…). */
  list: string[] | undefined;
}

export type Condition =
  | { kind: 'filter'; field: FieldRef; operation: Operation }
  | { kind: 'tree'; op: 'and' | 'or'; negated: boolean; children: Condition[] };

export interface OrderTerm {
  /** A to-one embed's name for embed(col) terms. */
  relation: string | undefined;
  field: FieldRef;
  direction: 'asc' | 'desc' | undefined;
  nulls: 'first' | 'last' | undefined;
}

/** Filters, order and paging for one node of the embed tree ("" is the root). */
export interface NodeModifiers {
  conditions: Condition[];
  order: OrderTerm[] | undefined;
  limit: number | undefined;
  offset: number | undefined;
}

export type ReturnPreference = 'minimal' | 'headers-only' | 'representation';
export type CountPreference = 'exact' | 'planned' | 'estimated';

export interface Preferences {
  return: ReturnPreference | undefined;
  count: CountPreference | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missing: 'default' | 'null' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  maxAffected: number | undefined;
  tx: 'commit' | 'rollback' | undefined;
  timezone: string | undefined;
  invalid: string[];
}

export type MediaKind = 'json' | 'object' | 'csv' | 'openapi';

export type PlanOption = 'analyze' | 'verbose' | 'settings' | 'buffers' | 'wal';

/** Accept: application/vnd.pgrst.plan…: EXPLAIN the statement built for `forType`. */
export interface PlanMedia {
  format: 'json' | 'text';
  /** The media type the plan is for, as the response names it. */
  forType: string;
  options: PlanOption[];
}

export interface MediaChoice {
  /** With `plan`, the kind of the statement being explained. */
  kind: MediaKind;
  stripNulls: boolean;
  plan?: PlanMedia;
}
