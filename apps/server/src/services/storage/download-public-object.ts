// GET /object/public/{bucket}/{path}: no credentials needed, but the bucket must be public.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { findBucket, findObject } from './object-rows';
import { objectParams } from './route-params';
import { sendObject } from './send-object';
import { asService } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function downloadPublicObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const { bucketId, name } = objectParams(c);
  const row = await asService(rt, c, 'storage.object.get_public', async (tx) => {
    const bucket = await findBucket(tx, bucketId);
    if (!bucket || !bucket.public) throw storageErrors.noSuchBucket();
    return findObject(tx, bucketId, name);
  });
  if (!row) throw storageErrors.noSuchKey();
  return sendObject(rt, c, row);
}
