// POST /object/move {bucketId, sourceKey, destinationKey, destinationBucket}: as the
// caller, who must see the source row and may update it to its new place (the policies'
// USING on the old row and WITH CHECK on the new). The bytes are copied to the new
// place first and the old bytes removed only after the row has moved.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName, checkObjectKey } from './object-names';
import { findObject } from './object-rows';
import { jsonBody } from './route-params';
import { asCaller, ownerOf, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function moveObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const body = await jsonBody(c);
  const bucketId = checkBucketName(body.bucketId);
  const sourceKey = checkObjectKey(body.sourceKey);
  const destinationKey = checkObjectKey(body.destinationKey);
  const destinationBucket =
    body.destinationBucket === undefined || body.destinationBucket === null
      ? bucketId
      : checkBucketName(body.destinationBucket);
  const operation = 'storage.object.move';

  const source = await asCaller(rt, c, caller, operation, (tx) => findObject(tx, bucketId, sourceKey));
  if (!source) throw storageErrors.noSuchKey();
  if (bucketId === destinationBucket && sourceKey === destinationKey) {
    return c.json({
      message: 'Successfully moved',
      Id: source.id,
      Key: `${destinationBucket}/${destinationKey}`,
    });
  }
  const from = { bucket: bucketId, name: sourceKey, version: source.version ?? '' };
  const to = { bucket: destinationBucket, name: destinationKey, version: crypto.randomUUID() };
  await rt.backend.copy(from, to);
  const { owner, ownerId } = ownerOf(caller);
  try {
    const moved = await asCaller(rt, c, caller, operation, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `update storage.objects
            set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7, last_accessed_at = now()
          where bucket_id = $1 and name = $2 and version is not distinct from $8
          returning id`,
        [bucketId, sourceKey, destinationBucket, destinationKey, to.version, owner, ownerId, source.version],
      );
      return rows[0];
    });
    if (!moved) throw storageErrors.noSuchKey();
  } catch (error) {
    await rt.backend.remove([to]).catch(() => undefined);
    throw error;
  }
  await rt.backend.remove([from]).catch(() => undefined);
  return c.json({
    message: 'Successfully moved',
    Id: source.id,
    Key: `${destinationBucket}/${destinationKey}`,
  });
}
