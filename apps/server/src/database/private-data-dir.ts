// Makes DATA_DIR private to the server's user before anything opens it (decision 1002).
// A directory made beforehand (a Docker volume, `mkdir -m 755`) kept its mode, PGlite
// writes its files 0666 whatever the umask, and stored objects were 0644: the embedded
// database, the keys and the members' documents were readable by every local user. The
// directory tree becomes 0700 and every file 0600; an entry owned by another user, or a
// mode that cannot be changed, stops the start with what to do.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirPermissionError extends Error {
  override readonly name = 'DataDirPermissionError';
}

const uid = (): number | undefined => process.getuid?.();

function refuse(dataDir: string, why: string): never {
  throw new DataDirPermissionError(
    `The data directory ${path.resolve(dataDir)} cannot be made private to this server: ${why}`,
  );
}

function makePrivate(dataDir: string, entry: string, stat: fs.Stats, mode: number): void {
  const me = uid();
  if (me !== undefined && stat.uid !== me) {
    refuse(
      dataDir,
      `${entry} belongs to user ${stat.uid}, and the server runs as user ${me}. ` +
        `Run \`chown -R ${me} ${path.resolve(dataDir)}\`, or start the server as user ${stat.uid}.`,
    );
  }
  if ((stat.mode & 0o777) === mode) return;
  try {
    fs.chmodSync(entry, mode);
  } catch (error) {
    refuse(dataDir, `chmod ${mode.toString(8)} ${entry} failed (${(error as NodeJS.ErrnoException).code}).`);
  }
}

function walk(dataDir: string, dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    const entry = path.join(dir, name);
    const stat = fs.lstatSync(entry);
    // A symbolic link is not followed: what it points at is not ours to change.
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      makePrivate(dataDir, entry, stat, 0o700);
      walk(dataDir, entry);
    } else if (stat.isFile()) {
      makePrivate(dataDir, entry, stat, 0o600);
    }
  }
}

/** Creates DATA_DIR when missing; makes it and everything in it private to this user. */
export function makeDataDirPrivate(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    refuse(dataDir, `it cannot be created (${(error as NodeJS.ErrnoException).code}).`);
  }
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) refuse(dataDir, 'it is not a directory. Set DATA_DIR to a directory.');
  makePrivate(dataDir, dataDir, stat, 0o700);
  walk(dataDir, dataDir);
}
