// A lock file in the data directory so that a second process can never open the same
// embedded database (PGlite corrupts a directory opened twice).
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes DATA_DIR/server.lock, replacing it only when the process that wrote it is gone. */
export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.accessSync(dataDir, fs.constants.R_OK | fs.constants.W_OK);
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${path.resolve(dataDir)} is in use by another server (process ${pid}). ` +
            'Stop that server first, or start this one with another DATA_DIR.',
        );
      }
      // A stale lock from a process that died: take it over.
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock file in ${path.resolve(dataDir)}.`);
}
