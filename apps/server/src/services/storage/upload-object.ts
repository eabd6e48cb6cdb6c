// POST /object/{bucket}/{path} (x-upsert) and PUT /object/{bucket}/{path} (always upsert):
// upload as the caller; row-level security on storage.objects decides (store-object.ts).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { readUploadBody } from './read-upload-body';
import { objectParams } from './route-params';
import { asCaller, ownerOf, storageCaller } from './storage-caller';
import { storeObject } from './store-object';
import type { StorageRuntime } from './storage-runtime';

export async function uploadObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const { bucketId, name } = objectParams(c);
  const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
  const operation = c.req.method === 'PUT' ? 'storage.object.update' : 'storage.object.upload';
  const body = await readUploadBody(c);
  const { id } = await storeObject(rt, c, {
    bucketId,
    name,
    upsert,
    body,
    owner: ownerOf(caller),
    run: (fn) => asCaller(rt, c, caller, operation, fn),
  });
  return c.json({ Id: id, Key: `${bucketId}/${name}` });
}
