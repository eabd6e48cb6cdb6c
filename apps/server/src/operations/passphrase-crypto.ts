// Passphrase encryption of backup files in the age format (age-encryption.org/v1, scrypt
// recipient, ChaCha20-Poly1305 in 64 KiB chunks), so a backup also opens with the age
// command-line tool (`age -d`). Streams are Node streams on both sides.
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { Decrypter, Encrypter } from 'age-encryption';
import { BackupError } from './backup-error';

/** scrypt work factor (log2 N): 18 is age's default, about a second per backup or restore. */
export const defaultScryptWorkFactor = 18;

export async function encryptStream(
  plain: Readable,
  passphrase: string,
  workFactor = defaultScryptWorkFactor,
): Promise<Readable> {
  const encrypter = new Encrypter();
  encrypter.setPassphrase(passphrase);
  encrypter.setScryptWorkFactor(workFactor);
  const web = Readable.toWeb(plain) as unknown as ReadableStream<Uint8Array>;
  const encrypted = await encrypter.encrypt(web);
  return Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>);
}

/**
 * Decrypts an age stream. The header is checked before this resolves: a wrong passphrase
 * rejects here; a damaged or cut-off payload errors the returned stream.
 */
export async function decryptStream(encrypted: Readable, passphrase: string): Promise<Readable> {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  const web = Readable.toWeb(encrypted) as unknown as ReadableStream<Uint8Array>;
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(web);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/no identity matched|incorrect|invalid identity|mac/i.test(message)) {
      throw new BackupError('The passphrase is wrong for this backup (or the file header is damaged).');
    }
    throw new BackupError(`This is not a readable backup file: ${message}.`);
  }
  return Readable.fromWeb(plain as unknown as WebReadableStream<Uint8Array>);
}
