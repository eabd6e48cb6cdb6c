// GET /object/info/{bucket}/{path} (also …/info/authenticated/… and …/info/public/…) and
// HEAD /object/{bucket}/{path}: an object's details as JSON, or its headers only.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { findBucket, findObject, isoTime, type ObjectRow } from './object-rows';
import { objectParams } from './route-params';
import { objectHeaders } from './send-object';
import { asCaller, asService, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export type InfoAccess = 'caller' | 'authenticated' | 'public';

async function visibleRow(rt: StorageRuntime, c: Context<AppEnv>, access: InfoAccess): Promise<ObjectRow> {
  const { bucketId, name } = objectParams(c);
  let row: ObjectRow | undefined;
  if (access === 'public') {
    row = await asService(rt, c, 'storage.object.info', async (tx) => {
      const bucket = await findBucket(tx, bucketId);
      if (!bucket || !bucket.public) throw storageErrors.noSuchBucket();
      return findObject(tx, bucketId, name);
    });
  } else {
    const caller = await storageCaller(rt, c, { allowAnon: access === 'caller' });
    row = await asCaller(rt, c, caller, 'storage.object.info', (tx) => findObject(tx, bucketId, name));
  }
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

export async function getObjectInfo(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  access: InfoAccess,
): Promise<Response> {
  const row = await visibleRow(rt, c, access);
  const meta = row.metadata;
  return c.json(
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: meta?.size ?? null,
      content_type: meta?.mimetype ?? null,
      cache_control: meta?.cacheControl ?? null,
      etag: meta?.eTag ?? null,
      metadata: row.user_metadata ?? {},
      last_modified: isoTime(row.updated_at),
      created_at: isoTime(row.created_at),
    },
    200,
    objectHeaders(row),
  );
}

export async function headObject(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  access: InfoAccess,
): Promise<Response> {
  const row = await visibleRow(rt, c, access);
  const headers = objectHeaders(row);
  headers['Content-Length'] = String(row.metadata?.size ?? 0);
  return new Response(null, { status: 200, headers });
}
