// Reads a write's body: JSON goes to Postgres as sent (so numbers keep their precision),
// the parsed value only telling which keys were sent; a text/csv body becomes the
// equivalent JSON array of objects, and an application/x-www-form-urlencoded body one
// object of text values (the last of a repeated key wins), as with PostgREST.
import { parseCsvBody } from './parse-csv-body';
import type { RequestScope } from './request-scope';
import { restErrors } from './rest-error';

export interface JsonBody {
  raw: string;
  value: unknown;
}

/** The body's media type, lower-cased, without parameters. */
export function bodyType(scope: RequestScope): string {
  return (scope.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A form body as the JSON object PostgREST makes of it. */
export function formBody(raw: string): JsonBody {
  const value = Object.fromEntries(new URLSearchParams(raw));
  return { raw: JSON.stringify(value), value };
}

export async function readJsonBody(scope: RequestScope): Promise<JsonBody> {
  const raw = await scope.req.text();
  const type = bodyType(scope);
  if (type === 'text/csv') {
    const rows = parseCsvBody(raw);
    return { raw: JSON.stringify(rows), value: rows };
  }
  if (type === 'application/x-www-form-urlencoded') return formBody(raw);
  if (raw.trim() === '') throw restErrors.invalidBody('Empty or invalid json');
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw restErrors.invalidBody('Empty or invalid json');
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
