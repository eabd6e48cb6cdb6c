// Reads a write's JSON body: the raw text goes to Postgres unchanged (so numbers keep
// their precision); the parsed value only tells which keys were sent.
import type { RequestScope } from './request-scope';
import { restErrors } from './rest-error';

export interface JsonBody {
  raw: string;
  value: unknown;
}

export async function readJsonBody(scope: RequestScope): Promise<JsonBody> {
  const raw = await scope.c.req.text();
  if (raw.trim() === '') throw restErrors.invalidBody('Empty or invalid json');
  try {
    return { raw, value: JSON.parse(raw) as unknown };
  } catch {
    throw restErrors.invalidBody('Empty or invalid json');
  }
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
