// POST /object/sign/{bucket} {expiresIn, paths}: signed download URLs for several
// objects; paths the caller cannot see come back with an error instead of a URL.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { checkBucketName, checkObjectKey } from './object-names';
import { jsonBody } from './route-params';
import { expiresInOf } from './sign-object';
import { signObjectToken } from './signed-url-token';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function signObjects(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const bucketId = checkBucketName(c.req.param('bucket'));
  const body = await jsonBody(c);
  const expiresIn = expiresInOf(body.expiresIn);
  if (!Array.isArray(body.paths) || body.paths.length === 0) {
    throw storageErrors.invalidRequest('body/paths must NOT have fewer than 1 items');
  }
  const paths = body.paths.map((p) => checkObjectKey(p));
  const visible = await asCaller(rt, c, caller, 'storage.object.sign_many', async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucketId, paths],
    );
    return new Set(rows.map((r) => r.name));
  });
  const results = [];
  for (const path of paths) {
    if (!visible.has(path)) {
      results.push({
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
      });
      continue;
    }
    const url = `${bucketId}/${path}`;
    const token = await signObjectToken(rt.deps.keys, { url, scope: 'download' }, expiresIn);
    results.push({ error: null, path, signedURL: `/object/sign/${url}?token=${token}` });
  }
  return c.json(results);
}
