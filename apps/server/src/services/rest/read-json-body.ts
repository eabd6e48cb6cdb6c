// Reads a write's body: JSON goes to Postgres as sent (so numbers keep their precision),
// the parsed value only telling which keys were sent; a text/csv body becomes the
// equivalent JSON array of objects.
import { parseCsvBody } from './parse-csv-body';
import type { RequestScope } from './request-scope';
import { restErrors } from './rest-error';

export interface JsonBody {
  raw: string;
  value: unknown;
}

export async function readJsonBody(scope: RequestScope): Promise<JsonBody> {
  const raw = await scope.c.req.text();
  const type = (scope.c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'text/csv') {
    const rows = parseCsvBody(raw);
    return { raw: JSON.stringify(rows), value: rows };
  }
  if (raw.trim() === '') throw restErrors.invalidBody('Empty or invalid json');
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw restErrors.invalidBody('Empty or invalid json');
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
