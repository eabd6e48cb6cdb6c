// A pass-through stream for upload bodies that enforces the size limit and the magic-byte
// check while the bytes flow, failing the write (and so the whole upload) on a breach.
import { Transform } from 'node:stream';
import { headMatchesType, magicHeadLength } from './magic-bytes';
import { storageErrors } from './storage-errors';

export function guardUpload(options: { maxBytes: number; mimetype: string }): Transform {
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  const checkHead = (): Error | undefined => {
    if (head === undefined) return undefined;
    const matches = headMatchesType(options.mimetype, head);
    head = undefined;
    return matches === false ? storageErrors.contentMismatch(options.mimetype) : undefined;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > options.maxBytes) return done(storageErrors.entityTooLarge());
      if (head !== undefined) {
        head = Buffer.concat([head, chunk.subarray(0, magicHeadLength - head.length)]);
        if (head.length >= magicHeadLength) {
          const problem = checkHead();
          if (problem) return done(problem);
        }
      }
      done(null, chunk);
    },
    flush(done) {
      done(checkHead() ?? null);
    },
  });
}
