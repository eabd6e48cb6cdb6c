// GET /bucket/{id}.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName } from './object-names';
import { bucketJson, findBucket } from './object-rows';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function getBucket(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const id = checkBucketName(c.req.param('bucket'));
  const row = await asCaller(rt, c, caller, 'storage.bucket.get', (tx) => findBucket(tx, id));
  if (!row) throw storageErrors.noSuchBucket();
  return c.json(bucketJson(row, false));
}
