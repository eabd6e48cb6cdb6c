// Identifier quoting and the parameter list of one statement. Every value from a request
// becomes a bind parameter; every name is double-quoted; nothing else reaches the SQL text.
import { restErrors } from './rest-error';

export function ident(name: string): string {
  if (name.includes('\u0000'))
    throw restErrors.parse('"failed to parse identifier" (line 1, column 1)', 'unexpected NUL character');
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(schema: string, name: string): string {
  return `${ident(schema)}.${ident(name)}`;
}

export class SqlParams {
  readonly values: string[] = [];
  add(value: string): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  /** A parameter cast to text, for places where Postgres cannot infer the type. */
  text(value: string): string {
    return `${this.add(value)}::text`;
  }
}
