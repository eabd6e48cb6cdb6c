// GET /object/{bucket}/{path} and GET /object/authenticated/{bucket}/{path}: the object
// as the caller sees it through row-level security (the first also serves anon callers).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { findObject } from './object-rows';
import { objectParams } from './route-params';
import { sendObject } from './send-object';
import { asCaller, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function downloadObject(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  options: { authenticated: boolean },
): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: !options.authenticated });
  const { bucketId, name } = objectParams(c);
  const row = await asCaller(rt, c, caller, 'storage.object.get_authenticated', (tx) =>
    findObject(tx, bucketId, name),
  );
  if (!row) throw storageErrors.noSuchKey();
  return sendObject(rt, c, row);
}
