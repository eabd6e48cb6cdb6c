// Storing an object. The bytes stream first, through the size guard (which also notes
// whether the first bytes match the declared type), into a
// fresh version in the backend (a temporary file renamed into place for the file backend),
// so no row can point at partial bytes. Then one statement, as the uploader, checks the
// bucket's limits and inserts or upserts the row under row-level security
// (write-upload-row.ts). If that refuses, or anything fails, the new bytes are removed;
// if it replaced a row, the bytes of the version it pointed at are removed.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../../database/database';
import type { AppEnv } from '../../http/app-env';
import type { ObjectLocation } from './backend/storage-backend';
import { guardUpload } from './guard-upload';
import type { ObjectMetadata } from './object-rows';
import type { UploadBody } from './read-upload-body';
import { storageErrors } from './storage-errors';
import type { StorageRuntime } from './storage-runtime';
import { writeUploadRow } from './write-upload-row';

export type RunStatements = <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T>;

export interface StoreRequest {
  bucketId: string;
  name: string;
  upsert: boolean;
  body: UploadBody;
  owner: { owner: string | null; ownerId: string | null };
  /** Runs the row write as whoever uploads. */
  run: RunStatements;
}

function discard(body: UploadBody): void {
  body.stream.on('error', () => undefined);
  body.stream.resume();
}

/** Streams the body into a fresh version; the guard's refusal or an abort rejects. */
async function streamBytes(
  rt: StorageRuntime,
  body: UploadBody,
  location: ObjectLocation,
  maxBytes: number,
  mimetype: string,
) {
  const { stream: guard, contentMismatch } = guardUpload({ maxBytes, mimetype });
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
  return { ...stored, contentMismatch: contentMismatch() };
}

export async function storeObject(
  rt: StorageRuntime,
  c: Context<AppEnv>,
  req: StoreRequest,
): Promise<{ id: string }> {
  const { body } = req;
  // Folder placeholders (empty files storage clients create) pass the type check but
  // may not carry bytes.
  const placeholder = req.name.endsWith('.emptyFolderPlaceholder');
  const maxBytes = placeholder ? 0 : rt.config.fileSizeLimit;
  if (body.declaredLength !== undefined && body.declaredLength > maxBytes) {
    discard(body);
    throw storageErrors.entityTooLarge();
  }
  const location = { bucket: req.bucketId, name: req.name, version: crypto.randomUUID() };
  let stored;
  try {
    stored = await streamBytes(
      rt,
      body,
      location,
      maxBytes,
      placeholder ? 'application/octet-stream' : body.mimetype,
    );
  } catch (error) {
    discard(body);
    throw error;
  }

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
      writeUploadRow(
        tx,
        {
          bucketId: req.bucketId,
          name: req.name,
          owner: req.owner.owner,
          ownerId: req.owner.ownerId,
          version: location.version,
          metadata,
          userMetadata: body.userMetadata,
          size: stored.size,
          mimetype: placeholder ? undefined : body.mimetype,
          contentMismatch: stored.contentMismatch,
          globalLimit: rt.config.fileSizeLimit,
        },
        req.upsert,
      ),
    );
  } catch (error) {
    await rt.backend.remove([location]).catch(() => undefined);
    throw error;
  }
  if (written.previousVersion && written.previousVersion !== location.version) {
    await rt.backend
      .remove([{ bucket: req.bucketId, name: req.name, version: written.previousVersion }])
      .catch((error: unknown) =>
        c.get('log')?.warn({ err: error }, 'could not remove replaced object bytes'),
      );
  }
  return { id: written.id };
}
