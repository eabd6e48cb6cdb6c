// Identifier quoting and the parameter list of one statement. Every value from a request
// becomes a bind parameter (or, with InlineSqlParams, an escaped literal); every name is
// double-quoted; nothing else reaches the SQL text.
import { sqlLiteral } from '../../database/with-request-context';
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

/**
 * Values written into the statement as escaped literals instead of bind parameters, for a
 * statement that travels with its request context as one parameterless text
 * (queryAsCaller). A literal without a cast is typed from its context as a parameter is.
 */
export class InlineSqlParams extends SqlParams {
  override add(value: string): string {
    this.values.push(value);
    return sqlLiteral(value);
  }
}
