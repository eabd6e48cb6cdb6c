// GET /object/sign/{bucket}/{path}?token=…: the bytes a signed URL grants, read without
// the caller's credentials; Expires tells when the URL stops working.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { findObject } from './object-rows';
import { objectParams } from './route-params';
import { sendObject } from './send-object';
import { verifyObjectToken } from './signed-url-token';
import { asService } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function downloadSignedObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const { bucketId, name } = objectParams(c);
  const claims = await verifyObjectToken(
    rt.deps.keys,
    c.req.query('token'),
    'download',
    `${bucketId}/${name}`,
  );
  const row = await asService(rt, c, 'storage.object.get_signed', (tx) => findObject(tx, bucketId, name));
  if (!row) throw storageErrors.noSuchKey();
  const expires: Record<string, string> =
    typeof claims.exp === 'number' ? { Expires: new Date(claims.exp * 1000).toUTCString() } : {};
  return sendObject(rt, c, row, expires);
}
