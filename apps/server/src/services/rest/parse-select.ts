// The select= grammar: columns, aliases, casts, JSON paths, embedded resources with
// hints and join types, spreads, and count() aggregates.
import type { SelectItem } from './api-request';
import { Cursor, readField, readName } from './parse-field';

const castPattern = /^[A-Za-z_][A-Za-z0-9_]*(\[\])?/;

function readCast(cur: Cursor): string | undefined {
  if (!cur.eat('::')) return undefined;
  const match = castPattern.exec(cur.text.slice(cur.pos));
  if (!match) cur.fail('type name after "::"');
  cur.pos += match[0].length;
  return match[0];
}

/** After the name of an embed: any order of !hint and !inner / !left. */
function readEmbedSuffixes(cur: Cursor): {
  hint: string | undefined;
  joinType: 'inner' | 'left' | undefined;
} {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  while (cur.eat('!')) {
    const word = readName(cur);
    if ((word === 'inner' || word === 'left') && joinType === undefined) joinType = word;
    else if (hint === undefined) hint = word;
    else cur.fail('"(" after the embed hint');
  }
  return { hint, joinType };
}

function readItems(cur: Cursor, closing: string): SelectItem[] {
  const items: SelectItem[] = [];
  if (cur.peek() === closing || (closing === '' && cur.done)) return items;
  for (;;) {
    items.push(readItem(cur));
    if (cur.eat(',')) continue;
    if (closing === '' ? cur.done : cur.peek() === closing) return items;
    cur.fail(closing === '' ? '"," or end of input' : `"," or "${closing}"`);
  }
}

function readEmbedBody(cur: Cursor): SelectItem[] {
  cur.expect('(', '"("');
  const items = readItems(cur, ')');
  cur.expect(')', '")"');
  return items;
}

function readItem(cur: Cursor): SelectItem {
  if (cur.eat('*')) return { kind: 'star' };
  if (cur.eat('...')) {
    const name = readName(cur);
    const { hint, joinType } = readEmbedSuffixes(cur);
    return { kind: 'embed', name, alias: undefined, hint, joinType, spread: true, items: readEmbedBody(cur) };
  }
  let alias: string | undefined;
  const start = cur.pos;
  const first = readName(cur);
  if (cur.peek() === ':' && cur.peek(1) !== ':') {
    cur.pos++;
    alias = first;
  } else cur.pos = start;

  if (alias !== undefined && cur.startsWith('count()')) return readCount(cur, alias);
  if (cur.startsWith('count()')) return readCount(cur, undefined);

  const field = readField(cur);
  if (field.path.length === 0 && (cur.peek() === '!' || cur.peek() === '(')) {
    const { hint, joinType } = readEmbedSuffixes(cur);
    return {
      kind: 'embed',
      name: field.name,
      alias,
      hint,
      joinType,
      spread: false,
      items: readEmbedBody(cur),
    };
  }
  const cast = readCast(cur);
  const fn = /^\.(count|sum|avg|max|min)\(\)/.exec(cur.text.slice(cur.pos));
  if (fn) {
    cur.pos += fn[0].length;
    const after = readCast(cur);
    return { kind: 'aggregate', fn: fn[1] as 'count', field, alias, cast: after ?? cast };
  }
  return { kind: 'column', field, alias, cast };
}

function readCount(cur: Cursor, alias: string | undefined): SelectItem {
  cur.pos += 'count()'.length;
  return { kind: 'aggregate', fn: 'count', field: undefined, alias, cast: readCast(cur) };
}

export function parseSelect(text: string): SelectItem[] {
  const cur = new Cursor(text, 'select parameter');
  if (text === '') return [{ kind: 'star' }];
  const items = readItems(cur, '');
  if (!cur.done) cur.fail('end of input');
  return items;
}
