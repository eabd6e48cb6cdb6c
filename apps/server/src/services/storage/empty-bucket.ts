// POST /bucket/{id}/empty: deletes every object of the bucket the caller may delete.
// Done at once rather than queued, but answered with storage-api's current message.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName } from './object-names';
import { findBucket } from './object-rows';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function emptyBucket(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const id = checkBucketName(c.req.param('bucket'));
  const deleted = await asCaller(rt, c, caller, 'storage.bucket.empty', async (tx) => {
    if (!(await findBucket(tx, id))) throw storageErrors.noSuchBucket();
    const { rows } = await tx.query<{ name: string; version: string | null }>(
      'delete from storage.objects where bucket_id = $1 returning name, version',
      [id],
    );
    return rows;
  });
  await rt.backend
    .remove(deleted.map((row) => ({ bucket: id, name: row.name, version: row.version ?? '' })))
    .catch((error: unknown) => c.get('log')?.warn({ err: error }, 'could not remove emptied object bytes'));
  return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}
