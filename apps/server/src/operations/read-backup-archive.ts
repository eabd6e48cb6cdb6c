// Opens a backup file and unpacks it into a staging folder, checking everything before a
// restore touches its target: the .sha256 file beside it (when present), the passphrase,
// the format version (the manifest is the first entry, so a newer file is refused before
// the rest is read), every entry's SHA-256, and that the file is complete.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { BackupError, explainFsError } from './backup-error';
import {
  ageMagic,
  backupFormat,
  backupFormatVersion,
  checksumsSchema,
  entryNames,
  gzipMagic,
  manifestSchema,
  objectListSchema,
  type BackupManifest,
  type BackupObjectList,
} from './backup-format';
import { decryptStream } from './passphrase-crypto';

export interface StagedBackup {
  manifest: BackupManifest;
  /** Staged entries by name (database.sql, keys.json, objects/<n>). */
  path(entry: string): string;
  objects: BackupObjectList;
}

export interface ReadOptions {
  passphrase: string | undefined;
  stagingDir: string;
  onProgress?: (message: string) => void;
}

export async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function checkSidecar(file: string): Promise<void> {
  const sidecar = `${file}.sha256`;
  if (!fs.existsSync(sidecar)) return;
  const expected = fs.readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0];
  const actual = await fileSha256(file);
  if (expected !== actual) {
    throw new BackupError(
      `The backup ${path.basename(file)} does not match its checksum file (${path.basename(sidecar)}): ` +
        'it was altered or damaged. Use another copy of the backup.',
    );
  }
}

function readMagic(file: string): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(ageMagic.length);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

export function checkManifest(manifest: unknown): BackupManifest {
  const parsed = manifestSchema.safeParse(manifest);
  if (!parsed.success || parsed.data.format !== backupFormat) {
    throw new BackupError('This file is not a club platform backup (its manifest is missing or unreadable).');
  }
  if (parsed.data.formatVersion > backupFormatVersion) {
    throw new BackupError(
      `This backup was made by a newer version of the platform (backup format ${parsed.data.formatVersion}, ` +
        `this version reads ${backupFormatVersion}). Update the platform, then restore.`,
    );
  }
  return parsed.data;
}

const damaged = (detail: string) =>
  new BackupError(`The backup file is damaged or incomplete (${detail}). Use another copy of the backup.`);

export async function readBackupArchive(file: string, options: ReadOptions): Promise<StagedBackup> {
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup file ${file}.`);
  await checkSidecar(file);
  const magic = readMagic(file);
  let plain: Readable;
  if (magic.equals(ageMagic)) {
    if (!options.passphrase)
      throw new BackupError('This backup is encrypted: give its passphrase (BACKUP_PASSPHRASE).');
    plain = await decryptStream(fs.createReadStream(file), options.passphrase);
  } else if (magic.subarray(0, 2).equals(gzipMagic)) {
    plain = fs.createReadStream(file);
  } else {
    throw new BackupError(`${path.basename(file)} is not a backup file (neither age-encrypted nor gzip).`);
  }
  fs.mkdirSync(options.stagingDir, { recursive: true, mode: 0o700 });
  const staged = new Map<string, string>();
  const hashes = new Map<string, string>();
  let manifest: BackupManifest | undefined;
  let checksums: Record<string, string> | undefined;
  let counter = 0;
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    void (async () => {
      const name = header.name;
      const chunks: Buffer[] = [];
      const hash = crypto.createHash('sha256');
      const inMemory =
        name === entryNames.manifest ||
        name === entryNames.checksums ||
        name === entryNames.objects ||
        name === entryNames.keys;
      const target = path.join(options.stagingDir, `entry-${counter++}`);
      const out = inMemory ? undefined : fs.createWriteStream(target, { mode: 0o600 });
      await pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            if (out) {
              if (!out.write(chunk)) out.once('drain', () => done());
              else done();
            } else {
              chunks.push(chunk);
              done();
            }
          },
          final(done) {
            if (out) out.end(() => done());
            else done();
          },
        }),
      );
      const digest = hash.digest('hex');
      if (name === entryNames.checksums) {
        const parsed = checksumsSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        if (!parsed.success) throw damaged('unreadable checksum list');
        checksums = parsed.data;
      } else {
        if (counter === 1) {
          if (name !== entryNames.manifest)
            throw new BackupError('This file is not a club platform backup (no manifest first).');
          manifest = checkManifest(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          options.onProgress?.(
            `backup from ${manifest.createdAt} (${manifest.source.engine}), format ${manifest.formatVersion}`,
          );
        }
        hashes.set(name, digest);
        if (inMemory) {
          fs.writeFileSync(target, Buffer.concat(chunks), { mode: 0o600 });
        }
        staged.set(name, target);
      }
    })().then(
      () => next(),
      (error: unknown) => next(error as Error),
    );
  });
  try {
    await pipeline(plain, zlib.createGunzip(), extract);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const fsError = explainFsError(error, 'the restore staging folder');
    if (fsError instanceof BackupError) throw fsError;
    throw damaged(error instanceof Error ? error.message : String(error));
  }
  if (!manifest) throw damaged('no manifest');
  if (!checksums) throw damaged('it ends before its checksum list');
  for (const [name, digest] of Object.entries(checksums)) {
    if (hashes.get(name) !== digest) throw damaged(`${name} does not match its checksum`);
  }
  for (const name of hashes.keys()) {
    if (!(name in checksums)) throw damaged(`${name} is not in the checksum list`);
  }
  for (const required of [entryNames.database, entryNames.keys, entryNames.objects]) {
    if (!staged.has(required)) throw damaged(`${required} is missing`);
  }
  const objects = objectListSchema.parse(
    JSON.parse(fs.readFileSync(staged.get(entryNames.objects)!, 'utf8')),
  );
  for (const object of objects) {
    if (!staged.has(object.entry)) throw damaged(`stored file ${object.bucket}/${object.name} is missing`);
  }
  const found = manifest;
  return {
    manifest: found,
    objects,
    path(entry) {
      const staged_ = staged.get(entry);
      if (!staged_) throw damaged(`${entry} is missing`);
      return staged_;
    },
  };
}
