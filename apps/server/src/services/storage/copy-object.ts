// POST /object/copy {bucketId, sourceKey, destinationKey, destinationBucket, metadata,
// copyMetadata} (+ x-upsert): the caller must see the source and may write the
// destination row; the bytes are copied to a fresh version before the row is written.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName, checkObjectKey } from './object-names';
import { findObject, objectJson, writeObjectRow } from './object-rows';
import { jsonBody } from './route-params';
import { asCaller, ownerOf, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function copyObject(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const body = await jsonBody(c);
  const bucketId = checkBucketName(body.bucketId);
  const sourceKey = checkObjectKey(body.sourceKey);
  const destinationKey = checkObjectKey(body.destinationKey);
  const destinationBucket =
    body.destinationBucket === undefined || body.destinationBucket === null
      ? bucketId
      : checkBucketName(body.destinationBucket);
  const upsert = c.req.header('x-upsert') === 'true';
  const operation = 'storage.object.copy';

  const source = await asCaller(rt, c, caller, operation, (tx) => findObject(tx, bucketId, sourceKey));
  if (!source) throw storageErrors.noSuchKey();
  const copyMetadata = body.copyMetadata !== false;
  const userMetadata =
    body.metadata && typeof body.metadata === 'object' && !Array.isArray(body.metadata)
      ? (body.metadata as Record<string, unknown>)
      : copyMetadata
        ? (source.user_metadata ?? {})
        : {};
  const to = { bucket: destinationBucket, name: destinationKey, version: crypto.randomUUID() };
  const stored = await rt.backend.copy(
    { bucket: bucketId, name: sourceKey, version: source.version ?? '' },
    to,
  );
  const { owner, ownerId } = ownerOf(caller);
  const metadata = source.metadata
    ? {
        ...source.metadata,
        eTag: stored.etag,
        size: stored.size,
        contentLength: stored.size,
        lastModified: new Date().toISOString(),
      }
    : null;
  let row;
  let previousVersion: string | null;
  try {
    ({ row, previousVersion } = await asCaller(rt, c, caller, operation, async (tx) => {
      const written = await writeObjectRow(
        tx,
        {
          bucketId: destinationBucket,
          name: destinationKey,
          owner,
          ownerId,
          version: to.version,
          metadata,
          userMetadata,
        },
        upsert,
      );
      const created = await findObject(tx, destinationBucket, destinationKey);
      return { row: created, previousVersion: written.previousVersion };
    }));
  } catch (error) {
    await rt.backend.remove([to]).catch(() => undefined);
    throw error;
  }
  if (previousVersion) await rt.backend.remove([{ ...to, version: previousVersion }]).catch(() => undefined);
  const key = `${destinationBucket}/${destinationKey}`;
  return c.json(row ? { Id: row.id, Key: key, ...objectJson(row) } : { Key: key });
}
