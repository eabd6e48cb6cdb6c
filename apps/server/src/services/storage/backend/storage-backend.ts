// Where object bytes live. Metadata rows point at a (bucket, name, version) triple; every
// write goes to a fresh version, so a row only ever points at complete bytes and an
// upsert never disturbs the bytes the old row still serves.
import type { Readable } from 'node:stream';

export interface ObjectLocation {
  bucket: string;
  name: string;
  version: string;
}

export interface StoredObject {
  size: number;
  /** Quoted, as in the ETag header. */
  etag: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface StorageBackend {
  /**
   * Streams body to the location. Atomic: when the body errors or is aborted, the
   * promise rejects with that error and nothing is left behind.
   */
  put(
    location: ObjectLocation,
    body: Readable,
    options: { contentType: string; cacheControl: string },
  ): Promise<StoredObject>;
  /** Opens the bytes (or a range of them); rejects with BackendObjectMissing. */
  get(location: ObjectLocation, range?: ByteRange): Promise<Readable>;
  copy(from: ObjectLocation, to: ObjectLocation): Promise<StoredObject>;
  /** Removes the bytes; missing ones are ignored. */
  remove(locations: ObjectLocation[]): Promise<void>;
  close?(): Promise<void>;
}

export class BackendObjectMissing extends Error {
  override readonly name = 'BackendObjectMissing';
}
