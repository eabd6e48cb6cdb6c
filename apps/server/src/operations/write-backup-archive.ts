// Writes a backup file: a tar of the entries (backup-format.ts), gzip-compressed and, unless
// explicitly turned off, encrypted with the passphrase. The bytes go to a temporary file
// beside the target that is renamed into place only when complete and flushed, so an
// earlier backup of the same name is never damaged by a failed one (a full disk, a crash).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { BackupError, explainFsError } from './backup-error';
import { entryNames, type BackupManifest, type BackupObjectList } from './backup-format';
import { encryptStream } from './passphrase-crypto';

export interface BackupObjectSource {
  bucket: string;
  name: string;
  version: string;
  contentType: string;
  /** Opens the object's bytes; undefined when it is gone (deleted while the backup ran). */
  open(): Promise<{ body: Readable; size: number } | undefined>;
}

export interface BackupContents {
  manifest: Omit<BackupManifest, 'counts'>;
  databaseFile: string;
  keys: Buffer;
  objects: BackupObjectSource[];
}

export interface WriteOptions {
  /** Encrypts with this passphrase; undefined writes a plain .tar.gz (only when asked for). */
  passphrase: string | undefined;
  scryptWorkFactor?: number;
  onProgress?: (message: string) => void;
}

export interface WrittenBackup {
  file: string;
  bytes: number;
  sha256: string;
  objects: number;
  missingObjects: number;
}

type Pack = ReturnType<typeof tar.pack>;

async function addEntry(pack: Pack, name: string, size: number, body: Readable | Buffer): Promise<string> {
  const hash = crypto.createHash('sha256');
  let entryDone: (error?: Error | null) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    entryDone = (error) => (error ? reject(error) : resolve());
  });
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date(0) }, (error) => entryDone(error));
  const chunks: Iterable<Buffer> | AsyncIterable<Buffer> = Buffer.isBuffer(body)
    ? [body]
    : (body as AsyncIterable<Buffer>);
  let written = 0;
  for await (const chunk of chunks) {
    hash.update(chunk);
    written += chunk.length;
    if (!entry.write(chunk)) await new Promise<void>((resolve) => entry.once('drain', () => resolve()));
  }
  if (written !== size) {
    entry.destroy(new Error('size changed'));
    throw new BackupError(`${name} changed size while it was being backed up; run the backup again.`);
  }
  (entry as unknown as { end(): void }).end();
  await done;
  return hash.digest('hex');
}

async function fillArchive(pack: Pack, contents: BackupContents, options: WriteOptions) {
  const checksums: Record<string, string> = {};
  const databaseBytes = fs.statSync(contents.databaseFile).size;
  const manifest: BackupManifest = {
    ...contents.manifest,
    counts: { objects: contents.objects.length, databaseBytes },
  };
  const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
  checksums[entryNames.manifest] = await addEntry(
    pack,
    entryNames.manifest,
    manifestBytes.length,
    manifestBytes,
  );
  options.onProgress?.(`database dump: ${formatBytes(databaseBytes)}`);
  checksums[entryNames.database] = await addEntry(
    pack,
    entryNames.database,
    databaseBytes,
    fs.createReadStream(contents.databaseFile, { highWaterMark: 1024 * 1024 }),
  );
  checksums[entryNames.keys] = await addEntry(pack, entryNames.keys, contents.keys.length, contents.keys);
  const list: BackupObjectList = [];
  let missing = 0;
  for (const [index, object] of contents.objects.entries()) {
    const opened = await object.open();
    if (!opened) {
      missing += 1;
      continue;
    }
    const entry = `${entryNames.objectPrefix}${index}`;
    checksums[entry] = await addEntry(pack, entry, opened.size, opened.body);
    list.push({
      bucket: object.bucket,
      name: object.name,
      version: object.version,
      contentType: object.contentType,
      entry,
      size: opened.size,
    });
    if ((index + 1) % 100 === 0 || index + 1 === contents.objects.length) {
      options.onProgress?.(`stored files: ${index + 1} of ${contents.objects.length}`);
    }
  }
  const listBytes = Buffer.from(JSON.stringify(list));
  checksums[entryNames.objects] = await addEntry(pack, entryNames.objects, listBytes.length, listBytes);
  const sums = Buffer.from(JSON.stringify(checksums, null, 2));
  await addEntry(pack, entryNames.checksums, sums.length, sums);
  pack.finalize();
  return { objects: list.length, missing };
}

export async function writeBackupArchive(
  target: string,
  contents: BackupContents,
  options: WriteOptions,
): Promise<WrittenBackup> {
  const dir = path.dirname(path.resolve(target));
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw explainFsError(error, `the backup folder ${dir}`);
  }
  const temporary = path.join(dir, `.${path.basename(target)}.${process.pid}.partial`);
  const pack = tar.pack();
  const compressed = (pack as unknown as Readable).pipe(zlib.createGzip({ level: 6 }));
  const output: Readable = options.passphrase
    ? await encryptStream(compressed, options.passphrase, options.scryptWorkFactor)
    : compressed.pipe(new PassThrough());
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  let reported = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      if (bytes - reported >= 64 * 1024 * 1024) {
        reported = bytes;
        options.onProgress?.(`written: ${formatBytes(bytes)}`);
      }
      done(null, chunk);
    },
  });
  const filled = fillArchive(pack, contents, options).catch((error: unknown) => {
    pack.destroy(error as Error);
    throw error;
  });
  try {
    await pipeline(output, measure, fs.createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
    // Flushed to the disk before it replaces anything.
    const handle = await fs.promises.open(temporary, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    const counts = await filled;
    const sha256 = hash.digest('hex');
    fs.renameSync(temporary, target);
    writeChecksumFile(target, sha256);
    return { file: target, bytes, sha256, objects: counts.objects, missingObjects: counts.missing };
  } catch (error) {
    pack.destroy();
    const cause = await filled.then(
      () => error,
      (fillError: unknown) => fillError,
    );
    fs.rmSync(temporary, { force: true });
    throw explainFsError(cause, `the backup ${target}`);
  }
}

/** `<file>.sha256` in sha256sum's format, so `sha256sum -c` checks it too. */
function writeChecksumFile(target: string, sha256: string): void {
  const file = `${target}.sha256`;
  const temporary = `${file}.${process.pid}.partial`;
  fs.writeFileSync(temporary, `${sha256}  ${path.basename(target)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}
