// POST /object/upload/sign/{bucket}/{path} (+ x-upsert): a signed upload URL, granted
// only when a trial insert as the caller passes the bucket's policies. The token carries
// the caller as owner and whether it may overwrite.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { findBucket, placeholderMetadata, writeObjectRow } from './object-rows';
import { objectParams } from './route-params';
import { signObjectToken } from './signed-url-token';
import { asService, ownerOf, storageCaller, trialAsCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

const uploadUrlLifetime = 2 * 60 * 60;

export async function signUpload(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const { bucketId, name } = objectParams(c);
  const upsert = c.req.header('x-upsert') === 'true';
  const operation = 'storage.object.upload_sign';
  const bucket = await asService(rt, c, operation, (tx) => findBucket(tx, bucketId));
  if (!bucket) throw storageErrors.noSuchBucket();
  const owner = ownerOf(caller);
  await trialAsCaller(rt, c, caller, operation, async (tx) => {
    await writeObjectRow(
      tx,
      {
        bucketId,
        name,
        ...owner,
        version: 'trial',
        metadata: placeholderMetadata('application/octet-stream', 'no-cache'),
        userMetadata: {},
      },
      upsert,
    );
  });
  const url = `${bucketId}/${name}`;
  const token = await signObjectToken(
    rt.deps.keys,
    { url, scope: 'upload', upsert, ...(owner.ownerId ? { owner: owner.ownerId } : {}) },
    uploadUrlLifetime,
  );
  return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}
