// The file-system backend: bytes under a root folder (DATA_DIR/storage by default), one
// file per object version. A write streams into a temporary file in the same folder tree
// and is renamed into place only when complete, so readers never see partial bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BackendObjectMissing,
  type ByteRange,
  type ObjectLocation,
  type StorageBackend,
  type StoredObject,
} from './storage-backend';

/** Percent-encodes a key segment so no segment can climb out of the root or collide with a version file. */
function segment(part: string): string {
  return encodeURIComponent(part).replace(/\./g, '%2E').replace(/\*/g, '%2A');
}

const staleAfterMs = 24 * 60 * 60 * 1000;
/** How often an upload makes its folders again after a delete pruned them (commit). */
const commitAttempts = 20;

async function removeStaleTemporaryFiles(tmpDir: string): Promise<void> {
  try {
    for (const name of await fsp.readdir(tmpDir)) {
      const file = path.join(tmpDir, name);
      const stat = await fsp.stat(file).catch(() => undefined);
      if (stat && Date.now() - stat.mtimeMs > staleAfterMs) await fsp.rm(file, { force: true });
    }
  } catch {
    // no temporary folder yet
  }
}

export function createFileBackend(root: string): StorageBackend {
  const tmpDir = path.join(root, '.tmp');
  // Temporary files left by a process that died mid-upload belong to no row. Only old
  // ones are removed: another process (a test run) may share the folder and be writing.
  void removeStaleTemporaryFiles(tmpDir);

  const fileOf = (loc: ObjectLocation): string =>
    path.join(root, segment(loc.bucket), ...loc.name.split('/').map(segment), `@${segment(loc.version)}`);

  async function removeEmptyParents(file: string, bucketDir: string): Promise<void> {
    let dir = path.dirname(file);
    while (dir.startsWith(bucketDir) && dir !== bucketDir) {
      try {
        await fsp.rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  /**
   * Moves a finished upload into place. A delete prunes the folders it leaves empty, and
   * nothing stops it from pruning one this upload has just made: between the mkdir and the
   * rename (the rename fails ENOENT) or between two levels of the mkdir (ENOENT or ENOTDIR).
   * Then the folders are made again and the rename tried again; each retry needs another
   * delete to win the same race, so a few are plenty. Folders never collide with object
   * files (those are named `@…`, which a segment cannot be), so these codes mean a pruned
   * folder and not a real conflict.
   */
  async function commit(tmp: string, loc: ObjectLocation): Promise<void> {
    const target = fileOf(loc);
    for (let attempt = 1; ; attempt++) {
      try {
        await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
        await fsp.rename(tmp, target);
        return;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const pruned = code === 'ENOENT' || code === 'ENOTDIR';
        if (!pruned || attempt >= commitAttempts) throw error;
      }
    }
  }

  return {
    async put(loc, body): Promise<StoredObject> {
      await fsp.mkdir(tmpDir, { recursive: true, mode: 0o700 });
      const tmp = path.join(tmpDir, crypto.randomUUID());
      const hash = crypto.createHash('md5');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, measure, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        await commit(tmp, loc);
      } catch (error) {
        await fsp.rm(tmp, { force: true });
        throw error;
      }
      return { size, etag: `"${hash.digest('hex')}"` };
    },

    async get(loc, range?: ByteRange): Promise<Readable> {
      const file = fileOf(loc);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch {
        throw new BackendObjectMissing(`${loc.bucket}/${loc.name}`);
      }
      const highWaterMark = 512 * 1024;
      return handle.createReadStream(
        range ? { start: range.start, end: range.end, highWaterMark } : { highWaterMark },
      );
    },

    async copy(from, to): Promise<StoredObject> {
      const source = await this.get(from);
      return this.put(to, source, { contentType: '', cacheControl: '' });
    },

    async remove(locations) {
      for (const loc of locations) {
        const file = fileOf(loc);
        await fsp.rm(file, { force: true });
        await removeEmptyParents(file, path.join(root, segment(loc.bucket)));
      }
    },
  };
}
