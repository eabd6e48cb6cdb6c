// POST /bucket {id, name, public, file_size_limit, allowed_mime_types, type}: creates a
// bucket as the caller (row-level security on storage.buckets decides).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { parseAllowedMimeTypes, parseFileSizeLimit } from './bucket-limits';
import { checkBucketName } from './object-names';
import { jsonBody } from './route-params';
import { asCaller, ownerOf, storageCaller } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export async function createBucket(rt: StorageRuntime, c: Context<AppEnv>): Promise<Response> {
  const caller = await storageCaller(rt, c, { allowAnon: false });
  const body = await jsonBody(c);
  if (body.name === undefined) throw storageErrors.invalidRequest("body must have required property 'name'");
  const name = checkBucketName(body.name);
  const id = body.id === undefined || body.id === null ? name : checkBucketName(body.id);
  const type = body.type === undefined || body.type === null ? 'STANDARD' : body.type;
  if (type !== 'STANDARD' && type !== 'ANALYTICS')
    throw storageErrors.invalidRequest('type must be STANDARD or ANALYTICS');
  const isPublic = body.public === true;
  const sizeLimit = parseFileSizeLimit(body.file_size_limit);
  const mimeTypes = parseAllowedMimeTypes(body.allowed_mime_types);
  const { owner, ownerId } = ownerOf(caller);
  await asCaller(rt, c, caller, 'storage.bucket.create', (tx) =>
    tx.query(
      `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types, type)
       values ($1, $2, $3, $4, $5, $6, $7, $8::storage.buckettype)`,
      [id, name, owner, ownerId, isPublic, sizeLimit, mimeTypes, type],
    ),
  ).catch((error: unknown) => {
    if ((error as { code?: string }).code === '23505')
      throw storageErrors.alreadyExists('BucketAlreadyExists');
    throw error;
  });
  return c.json({ name });
}
