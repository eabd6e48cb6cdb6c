// Storing an object, the way storage-api's uploader does: check the bucket's limits,
// check the caller may write the row (a trial statement rolled back), stream the bytes
// to a fresh version in the backend, then write the row as the caller and drop the bytes
// of the version it replaced. A failure at any step leaves neither a row nor bytes.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../../database/database';
import type { AppEnv } from '../../http/app-env';
import { effectiveSizeLimit, mimeTypeAllowed } from './bucket-limits';
import { guardUpload } from './guard-upload';
import { findBucket, placeholderMetadata, writeObjectRow, type ObjectMetadata } from './object-rows';
import type { UploadBody } from './read-upload-body';
import { asService } from './storage-caller';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';

export type RunStatements = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

export interface StoreRequest {
  bucketId: string;
  name: string;
  upsert: boolean;
  body: UploadBody;
  owner: { owner: string | null; ownerId: string | null };
  /** Runs the row write as whoever uploads. */
  run: RunStatements;
  /** Runs and rolls back the permission trial; absent for already-authorised writes. */
  trial: ((fn: (tx: Queryable) => Promise<void>) => Promise<void>) | undefined;
}

function discard(body: UploadBody): void {
  body.stream.on('error', () => undefined);
  body.stream.resume();
}

export async function storeObject(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  req: StoreRequest,
): Promise<{ id: string }> {
  const { body } = req;
  let version: string | undefined;
  try {
    const bucket = await asService(rt, c, 'storage.object.upload', (tx) => findBucket(tx, req.bucketId));
    if (!bucket) throw storageErrors.noSuchBucket();
    // Folder placeholders (empty files storage clients create) pass the type check but
    // may not carry bytes.
    const placeholder = req.name.endsWith('.emptyFolderPlaceholder');
    if (!placeholder && !mimeTypeAllowed(body.mimetype, bucket.allowed_mime_types)) {
      throw storageErrors.invalidMimeType(body.mimetype);
    }
    const maxBytes = placeholder ? 0 : effectiveSizeLimit(bucket.file_size_limit, rt.config.fileSizeLimit);
    if (body.declaredLength !== undefined && body.declaredLength > maxBytes)
      throw storageErrors.entityTooLarge();

    const rowBase = {
      bucketId: req.bucketId,
      name: req.name,
      owner: req.owner.owner,
      ownerId: req.owner.ownerId,
    };
    if (req.trial) {
      await req.trial(async (tx) => {
        await writeObjectRow(
          tx,
          {
            ...rowBase,
            version: 'trial',
            metadata: placeholderMetadata(body.mimetype, body.cacheControl),
            userMetadata: body.userMetadata,
          },
          req.upsert,
        );
      });
    }

    version = crypto.randomUUID();
    const location = { bucket: req.bucketId, name: req.name, version };
    const guard = guardUpload({
      maxBytes,
      mimetype: placeholder ? 'application/octet-stream' : body.mimetype,
    });
    // A broken or aborted request body must fail the write, not leave it waiting.
    body.stream.once('error', (error) => guard.destroy(error));
    body.stream.once('aborted', () => guard.destroy(storageErrors.aborted()));
    // The backend sees the guard's refusal through its own pipeline; this listener only
    // keeps a late duplicate of it from surfacing as an unhandled stream error.
    guard.on('error', () => undefined);
    body.stream.pipe(guard);
    const stored = await rt.backend.put(location, guard, {
      contentType: body.mimetype,
      cacheControl: body.cacheControl,
    });

    const metadata: ObjectMetadata = {
      eTag: stored.etag,
      size: stored.size,
      mimetype: body.mimetype,
      cacheControl: body.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: stored.size,
      httpStatusCode: 200,
    };
    let written: { id: string; previousVersion: string | null };
    try {
      written = await req.run((tx) =>
        writeObjectRow(
          tx,
          { ...rowBase, version: version!, metadata, userMetadata: body.userMetadata },
          req.upsert,
        ),
      );
    } catch (error) {
      await rt.backend.remove([location]).catch(() => undefined);
      throw error;
    }
    if (written.previousVersion && written.previousVersion !== version) {
      await rt.backend
        .remove([{ bucket: req.bucketId, name: req.name, version: written.previousVersion }])
        .catch((error: unknown) =>
          c.get('log')?.warn({ err: error }, 'could not remove replaced object bytes'),
        );
    }
    return { id: written.id };
  } catch (error) {
    discard(body);
    throw error;
  }
}
