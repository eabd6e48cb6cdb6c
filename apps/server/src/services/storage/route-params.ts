// The bucket and object key of a storage route, checked.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName, checkObjectKey } from './object-names';

export function objectParams(c: Context<AppEnv>): { bucketId: string; name: string } {
  return { bucketId: checkBucketName(c.req.param('bucket')), name: checkObjectKey(c.req.param('path')) };
}

/** Reads a JSON request body; anything unparsable counts as an empty object. */
export async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await c.req.json();
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
