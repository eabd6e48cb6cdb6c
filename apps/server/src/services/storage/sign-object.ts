// POST /object/sign/{bucket}/{path} {expiresIn, transform?}: a signed download URL for an
// object the caller can see.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { parseTransform, transformToClaim } from './image-transform';
import { findObject } from './object-rows';
import { jsonBody, objectParams } from './route-params';
import { signObjectToken } from './signed-url-token';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export function expiresInOf(value: unknown): number {
  const n = typeof value === 'string' && /^[0-9]+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) {
    throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
  }
  return n;
}

export async function signObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const { bucketId, name } = objectParams(c);
  const body = await jsonBody(c);
  const expiresIn = expiresInOf(body.expiresIn);
  const transform =
    body.transform && typeof body.transform === 'object'
      ? parseTransform(body.transform as Record<string, unknown>)
      : {};
  const row = await asCaller(rt, c, caller, 'storage.object.sign', (tx) => findObject(tx, bucketId, name));
  if (!row) throw storageErrors.noSuchKey();
  const url = `${bucketId}/${name}`;
  const claim = transformToClaim(transform);
  const token = await signObjectToken(
    rt.deps.keys,
    { url, scope: 'download', ...(claim ? { transformations: claim } : {}) },
    expiresIn,
  );
  const base = claim ? '/render/image/sign' : '/object/sign';
  return c.json({ signedURL: `${base}/${url}?token=${token}` });
}
