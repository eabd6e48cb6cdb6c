// Sorts a request's query parameters into select, write options, and per-embed filters,
// logic trees, order and paging; on GET /rpc, what is not a filter is an argument.
import type { Condition, NodeModifiers, OrderTerm } from './api-request';
import { Cursor, readField, readName } from './parse-field';
import { isOperationText, parseFilterField, parseLogicTree, parseOperation } from './parse-filter';
import { restErrors } from './rest-error';

export interface QueryParams {
  select: string | undefined;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  /** Keyed by embed path joined with "." ("" for the root). */
  nodes: Map<string, NodeModifiers>;
  /** GET/HEAD /rpc arguments, in order, repeated names kept. */
  rpcArgs: [string, string][];
}

const reserved = new Set(['select', 'columns', 'on_conflict']);

function node(nodes: Map<string, NodeModifiers>, path: string): NodeModifiers {
  let n = nodes.get(path);
  if (!n) {
    n = { conditions: [], order: undefined, limit: undefined, offset: undefined };
    nodes.set(path, n);
  }
  return n;
}

function parseCount(what: 'limit' | 'offset', text: string): number {
  if (!/^-?\d+$/.test(text)) {
    throw restErrors.parse(
      `"failed to parse ${what} parameter (${text})" (line 1, column 1)`,
      'unexpected non-digit expecting digit',
    );
  }
  return Number(text);
}

/** A comma list of names, each bare or double-quoted (columns=, on_conflict=). */
export function parseNameList(text: string, what: string): string[] {
  const cur = new Cursor(text, what);
  const names: string[] = [];
  for (;;) {
    names.push(readName(cur).trim());
    if (cur.done) return names;
    cur.expect(',', '","');
  }
}

export function parseOrder(text: string): OrderTerm[] {
  const cur = new Cursor(text, 'order');
  const terms: OrderTerm[] = [];
  for (;;) {
    let relation: string | undefined;
    let field = readField(cur);
    if (field.path.length === 0 && cur.eat('(')) {
      relation = field.name;
      field = readField(cur);
      cur.expect(')', '")"');
    }
    let direction: OrderTerm['direction'];
    let nulls: OrderTerm['nulls'];
    if (cur.eat('.asc')) direction = 'asc';
    else if (cur.eat('.desc')) direction = 'desc';
    if (cur.eat('.nullsfirst')) nulls = 'first';
    else if (cur.eat('.nullslast')) nulls = 'last';
    terms.push({ relation, field, direction, nulls });
    if (cur.done) return terms;
    cur.expect(',', '"," or ".asc" or ".desc" or ".nullsfirst" or ".nullslast"');
  }
}

export function parseQueryParams(search: URLSearchParams, isRpcRead: boolean): QueryParams {
  const out: QueryParams = {
    select: undefined,
    columns: undefined,
    onConflict: undefined,
    nodes: new Map(),
    rpcArgs: [],
  };
  node(out.nodes, '');
  for (const [key, value] of search) {
    if (reserved.has(key)) {
      if (key === 'select') out.select = value;
      else if (key === 'columns') out.columns = parseNameList(value, 'columns parameter');
      else out.onConflict = parseNameList(value, 'on_conflict parameter');
      continue;
    }
    const segments = key.split('.');
    const last = segments[segments.length - 1] ?? '';
    if (last === 'order' || last === 'limit' || last === 'offset') {
      const target = node(out.nodes, segments.slice(0, -1).join('.'));
      if (last === 'order') target.order = [...(target.order ?? []), ...parseOrder(value)];
      else target[last] = parseCount(last, value);
      continue;
    }
    if (last === 'or' || last === 'and') {
      const negated = segments[segments.length - 2] === 'not';
      const path = segments.slice(0, negated ? -2 : -1).join('.');
      node(out.nodes, path).conditions.push(parseLogicTree(last, negated, value));
      continue;
    }
    if (isRpcRead && segments.length === 1 && !isOperationText(value)) {
      out.rpcArgs.push([key, value]);
      continue;
    }
    const field = parseFilterField(last);
    const condition: Condition = { kind: 'filter', field, operation: parseOperation(value) };
    node(out.nodes, segments.slice(0, -1).join('.')).conditions.push(condition);
  }
  return out;
}
