// The lexical pieces the query-string grammars share: a cursor over the text, field
// names (bare or double-quoted) and JSON paths (->key, ->>key, ->0).
import type { FieldRef, JsonStep } from './api-request';
import { restErrors } from './rest-error';

const nameChar = /[\p{L}\p{N}_$ ]/u;

export class Cursor {
  pos = 0;
  constructor(
    readonly text: string,
    /** What is being parsed, for messages: "select parameter", "filter", … */
    readonly what: string,
  ) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, expecting: string): void {
    if (!this.eat(s)) this.fail(expecting);
  }
  fail(expecting: string): never {
    const found = this.done ? 'end of input' : `"${this.peek()}"`;
    throw restErrors.parse(
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.pos + 1})`,
      `unexpected ${found} expecting ${expecting}`,
    );
  }
}

/** A double-quoted string with backslash escapes; the cursor is on the opening quote. */
export function readQuoted(cur: Cursor): string {
  cur.expect('"', '"\\""');
  let out = '';
  for (;;) {
    if (cur.done) cur.fail('"\\"" closing the quoted name');
    const ch = cur.peek();
    cur.pos++;
    if (ch === '"') return out;
    if (ch === '\\' && !cur.done) {
      out += cur.peek();
      cur.pos++;
    } else out += ch;
  }
}

export function readName(cur: Cursor): string {
  if (cur.peek() === '"') return readQuoted(cur);
  let out = '';
  for (;;) {
    const ch = cur.peek();
    if (ch !== '' && nameChar.test(ch)) {
      out += ch;
      cur.pos++;
    } else if (ch === '-' && cur.peek(1) !== '>' && out !== '' && nameChar.test(cur.peek(1))) {
      out += ch;
      cur.pos++;
    } else break;
  }
  if (out === '') cur.fail('field name (* or [a..z0..9_$])');
  return out;
}

export function readJsonPath(cur: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    let arrow: JsonStep['arrow'];
    if (cur.eat('->>')) arrow = '->>';
    else if (cur.eat('->')) arrow = '->';
    else return steps;
    const index = /^-?\d+/.exec(cur.text.slice(cur.pos));
    const after = cur.text[cur.pos + (index?.[0].length ?? 0)] ?? '';
    if (index && !nameChar.test(after)) {
      cur.pos += index[0].length;
      steps.push({ arrow, key: index[0], index: true });
    } else {
      steps.push({ arrow, key: readName(cur), index: false });
    }
  }
}

export function readField(cur: Cursor): FieldRef {
  const name = readName(cur);
  return { name, path: readJsonPath(cur) };
}

/** The name a field gets in the output: the last JSON key, else the column. */
export function outputName(field: FieldRef): string {
  const last = field.path[field.path.length - 1];
  if (!last) return field.name;
  return last.index ? field.name : last.key;
}
