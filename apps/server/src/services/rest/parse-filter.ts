// Horizontal filters (col=[not.]op[(modifier)].value) and logic trees
// (or=(a.eq.1,and(b.gt.2,c.is.null))), as PostgREST parses them.
import type { Condition, FieldRef, Operation } from './api-request';
import { Cursor, readField, readQuoted } from './parse-field';

export const operators = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
]);
const quantifiable = new Set(['eq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch']);
const textSearch = new Set(['fts', 'plfts', 'phfts', 'wfts']);
const isValues = new Set(['null', 'not_null', 'true', 'false', 'unknown']);

const operatorList = 'operator (eq, gt, ...)';

/** Reads "[not.]op[(mod)]." and leaves the cursor on the value. */
function readOperator(cur: Cursor): Omit<Operation, 'value' | 'list'> {
  let negated = false;
  if (cur.startsWith('not.')) {
    negated = true;
    cur.pos += 4;
  }
  const match = /^[a-z_]+/.exec(cur.text.slice(cur.pos));
  const operator = match?.[0] ?? '';
  if (!operators.has(operator)) cur.fail(negated ? operatorList : `"not" or ${operatorList}`);
  cur.pos += operator.length;
  let modifier: Operation['modifier'];
  let language: string | undefined;
  if (cur.peek() === '(') {
    const close = cur.text.indexOf(')', cur.pos);
    if (close < 0) cur.fail('")"');
    const inner = cur.text.slice(cur.pos + 1, close);
    if (quantifiable.has(operator) && (inner === 'any' || inner === 'all')) modifier = inner;
    else if (textSearch.has(operator) && /^[A-Za-z0-9_]+$/.test(inner)) language = inner;
    else cur.fail('"." after the operator');
    cur.pos = close + 1;
  }
  cur.expect('.', '"." after the operator');
  return { negated, operator, modifier, language };
}

/** Splits an in.(…) list: elements end at "," unless double-quoted. */
export function parseList(cur: Cursor, text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) cur.fail('"(" starting the list of values');
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  const out: string[] = [];
  const sub = new Cursor(inner, cur.what);
  for (;;) {
    if (sub.peek() === '"') {
      out.push(readQuoted(sub));
    } else {
      let value = '';
      while (!sub.done && sub.peek() !== ',') value += sub.text[sub.pos++];
      out.push(value);
    }
    if (sub.done) return out;
    if (!sub.eat(',')) sub.fail('"," or ")"');
  }
}

function finish(cur: Cursor, head: Omit<Operation, 'value' | 'list'>, value: string): Operation {
  if (head.operator === 'in') return { ...head, value, list: parseList(cur, value) };
  if (head.operator === 'is' && !isValues.has(value.toLowerCase())) {
    cur.fail('null or not_null or true or false or unknown');
  }
  return { ...head, value, list: undefined };
}

/** Parses the value of a root or embedded filter parameter. */
export function parseOperation(text: string): Operation {
  const cur = new Cursor(text, 'filter');
  const head = readOperator(cur);
  return finish(cur, head, text.slice(cur.pos));
}

function skipSpaces(cur: Cursor): void {
  while (cur.peek() === ' ') cur.pos++;
}

/** A value inside a logic tree: ends at "," or ")" unless quoted, a {…} literal or an in-list. */
function readTreeValue(cur: Cursor, operator: string): string {
  if (cur.peek() === '"') return readQuoted(cur);
  if (operator === 'in' && cur.peek() === '(') {
    const start = cur.pos;
    cur.pos++;
    while (!cur.done && cur.peek() !== ')') {
      if (cur.peek() === '"') readQuoted(cur);
      else cur.pos++;
    }
    cur.expect(')', '")" closing the list');
    return cur.text.slice(start, cur.pos);
  }
  let out = '';
  let braces = 0;
  while (!cur.done) {
    const ch = cur.peek();
    if (braces === 0 && (ch === ',' || ch === ')')) break;
    if (ch === '{') braces++;
    if (ch === '}' && braces > 0) braces--;
    out += ch;
    cur.pos++;
  }
  return out;
}

function readTree(cur: Cursor): Condition[] {
  skipSpaces(cur);
  cur.expect('(', '"("');
  const children: Condition[] = [];
  for (;;) {
    skipSpaces(cur);
    children.push(readTreeElement(cur));
    skipSpaces(cur);
    if (cur.eat(',')) continue;
    cur.expect(')', '"," or ")"');
    return children;
  }
}

function readTreeElement(cur: Cursor): Condition {
  const logic = /^(not\.)?(and|or)\(/.exec(cur.text.slice(cur.pos));
  if (logic) {
    cur.pos += logic[0].length - 1;
    return {
      kind: 'tree',
      op: logic[2] as 'and' | 'or',
      negated: logic[1] !== undefined,
      children: readTree(cur),
    };
  }
  const field = readField(cur);
  cur.expect('.', '"." after the field name');
  const head = readOperator(cur);
  const value = readTreeValue(cur, head.operator);
  return { kind: 'filter', field, operation: finish(cur, head, value) };
}

/** Parses the value of or=/and= (and their not. forms). */
export function parseLogicTree(op: 'and' | 'or', negated: boolean, text: string): Condition {
  const cur = new Cursor(text, 'logic tree');
  const children = readTree(cur);
  skipSpaces(cur);
  if (!cur.done) cur.fail('end of input');
  return { kind: 'tree', op, negated, children };
}

/** Parses a filter key's column part, e.g. data->a->>b. */
export function parseFilterField(text: string): FieldRef {
  const cur = new Cursor(text, 'filter');
  const field = readField(cur);
  if (!cur.done) cur.fail('end of the column name');
  return field;
}

export function isOperationText(text: string): boolean {
  try {
    parseOperation(text);
    return true;
  } catch {
    return false;
  }
}
