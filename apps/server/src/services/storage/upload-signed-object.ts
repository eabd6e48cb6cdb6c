// PUT /object/upload/sign/{bucket}/{path}?token=…: an upload through a signed upload URL,
// needing no credentials; the row is written with the owner and upsert the token grants.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { readUploadBody } from './read-upload-body';
import { objectParams } from './route-params';
import { verifyObjectToken } from './signed-url-token';
import { asService } from './storage-caller';
import { storeObject } from './store-object';
import type { StorageRuntime } from './storage-runtime';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function uploadSignedObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const { bucketId, name } = objectParams(c);
  const claims = await verifyObjectToken(rt.deps.keys, c.req.query('token'), 'upload', `${bucketId}/${name}`);
  const ownerId = typeof claims.owner === 'string' ? claims.owner : null;
  const body = await readUploadBody(c);
  const { id } = await storeObject(rt, c, {
    bucketId,
    name,
    upsert: claims.upsert === true,
    body,
    owner: { owner: ownerId && uuidPattern.test(ownerId) ? ownerId : null, ownerId },
    run: (fn) => asService(rt, c, 'storage.object.upload_signed', fn),
  });
  return c.json({ Id: id, Key: `${bucketId}/${name}` });
}
