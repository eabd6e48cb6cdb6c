// A pass-through stream for upload bodies that enforces the size limit while the bytes flow,
// failing the write (and so the whole upload) on a breach, and looks at the first bytes for
// the content check: whether they match the declared type is decided per bucket by the row
// write (write-upload-row.ts, decision 0841), so the guard only records it.
import { Transform } from 'node:stream';
import { headMatchesType, magicHeadLength } from './magic-bytes';
import { storageErrors } from './storage-errors';

export interface UploadGuard {
  stream: Transform;
  /** After the stream ended: true when the bytes are not of the declared type. */
  contentMismatch(): boolean;
}

export function guardUpload(options: { maxBytes: number; mimetype: string }): UploadGuard {
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  let mismatch = false;
  const checkHead = (): void => {
    if (head === undefined) return;
    mismatch = headMatchesType(options.mimetype, head) === false;
    head = undefined;
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > options.maxBytes) return done(storageErrors.entityTooLarge());
      if (head !== undefined) {
        head = Buffer.concat([head, chunk.subarray(0, magicHeadLength - head.length)]);
        if (head.length >= magicHeadLength) checkHead();
      }
      done(null, chunk);
    },
    flush(done) {
      checkHead();
      done(null);
    },
  });
  return { stream, contentMismatch: () => mismatch };
}
