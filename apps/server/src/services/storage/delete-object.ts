// DELETE /object/{bucket}/{path}: deletes one object as the caller.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { objectColumns, type ObjectRow } from './object-rows';
import { objectParams } from './route-params';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function deleteObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const { bucketId, name } = objectParams(c);
  const row = await asCaller(rt, c, caller, 'storage.object.delete', async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = $2 returning ${objectColumns}`,
      [bucketId, name],
    );
    return rows[0];
  });
  if (!row) throw storageErrors.noSuchKey();
  await rt.backend
    .remove([{ bucket: row.bucket_id, name: row.name, version: row.version ?? '' }])
    .catch(() => undefined);
  return c.json({ message: 'Successfully deleted' });
}
