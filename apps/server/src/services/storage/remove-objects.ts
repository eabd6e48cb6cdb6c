// DELETE /object/{bucket} {"prefixes": [...]}: deletes the named objects the caller's
// policies let them delete (others are silently kept) and answers with the deleted rows.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName, checkObjectKey } from './object-names';
import { objectColumns, objectJson, type ObjectRow } from './object-rows';
import { jsonBody } from './route-params';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

const maxKeysPerRequest = 1000;

export async function removeObjects(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const bucketId = checkBucketName(c.req.param('bucket'));
  const body = await jsonBody(c);
  const prefixes = body.prefixes;
  if (!Array.isArray(prefixes) || prefixes.length === 0) {
    throw storageErrors.invalidRequest('body/prefixes must NOT have fewer than 1 items');
  }
  if (prefixes.length > maxKeysPerRequest) {
    throw storageErrors.invalidRequest(`body/prefixes must NOT have more than ${maxKeysPerRequest} items`);
  }
  const names = prefixes.map((p) => checkObjectKey(p));
  const deleted = await asCaller(rt, c, caller, 'storage.object.delete_many', async (tx) => {
    const { rows } = await tx.query<ObjectRow>(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${objectColumns}`,
      [bucketId, names],
    );
    return rows;
  });
  await rt.backend
    .remove(deleted.map((row) => ({ bucket: row.bucket_id, name: row.name, version: row.version ?? '' })))
    .catch((error: unknown) => c.get('log')?.warn({ err: error }, 'could not remove deleted object bytes'));
  return c.json(deleted.map(objectJson));
}
