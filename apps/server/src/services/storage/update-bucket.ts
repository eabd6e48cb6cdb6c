// PUT /bucket/{id} {public, file_size_limit, allowed_mime_types}: updates a bucket as the caller.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { parseAllowedMimeTypes, parseFileSizeLimit } from './bucket-limits';
import { checkBucketName } from './object-names';
import { jsonBody } from './route-params';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function updateBucket(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const id = checkBucketName(c.req.param('bucket'));
  const body = await jsonBody(c);
  const sets: string[] = [];
  const params: unknown[] = [id];
  if (body.public !== undefined) {
    params.push(body.public === true);
    sets.push(`public = $${params.length}`);
  }
  if (body.file_size_limit !== undefined) {
    params.push(parseFileSizeLimit(body.file_size_limit));
    sets.push(`file_size_limit = $${params.length}`);
  }
  if (body.allowed_mime_types !== undefined) {
    params.push(parseAllowedMimeTypes(body.allowed_mime_types));
    sets.push(`allowed_mime_types = $${params.length}`);
  }
  sets.push('updated_at = now()');
  const updated = await asCaller(rt, c, caller, 'storage.bucket.update', async (tx) => {
    const { rows } = await tx.query(
      `update storage.buckets set ${sets.join(', ')} where id = $1 returning id`,
      params,
    );
    return rows.length;
  });
  if (updated === 0) throw storageErrors.noSuchBucket();
  return c.json({ message: 'Successfully updated' });
}
