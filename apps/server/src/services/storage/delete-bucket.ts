// DELETE /bucket/{id}: deletes an empty bucket as the caller.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName } from './object-names';
import { asCaller, asService, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function deleteBucket(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const id = checkBucketName(c.req.param('bucket'));
  // Emptiness counts every object, also those the caller's policies hide.
  const hasObjects = await asService(rt, c, 'storage.bucket.delete', async (tx) => {
    const { rows } = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    return rows.length > 0;
  });
  if (hasObjects) throw storageErrors.bucketNotEmpty();
  await asCaller(rt, c, caller, 'storage.bucket.delete', async (tx) => {
    const { rows } = await tx.query('delete from storage.buckets where id = $1 returning id', [id]);
    if (rows.length === 0) throw storageErrors.noSuchBucket();
  }).catch((error: unknown) => {
    if ((error as { code?: string }).code === '23503') throw storageErrors.bucketNotEmpty();
    throw error;
  });
  return c.json({ message: 'Successfully deleted' });
}
