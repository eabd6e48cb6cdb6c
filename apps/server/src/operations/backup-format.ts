// What a backup file holds (docs/decisions/0830-backup-format.md). Outside: an age file
// (https://age-encryption.org/v1, passphrase recipient) or, only when asked for, plain;
// inside: a gzip-compressed tar with these entries, in this order.
import { z } from 'zod';

export const backupFormat = 'club-platform-backup';
/** Raised when the layout changes; a restore refuses files with a newer version. */
export const backupFormatVersion = 1;

export const entryNames = {
  manifest: 'manifest.json',
  database: 'database.sql',
  keys: 'keys.json',
  objects: 'objects.json',
  /** One file per stored object: objects/<n>. */
  objectPrefix: 'objects/',
  /** SHA-256 of every entry above; last, so a cut-off file has none. */
  checksums: 'checksums.json',
} as const;

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  formatVersion: z.number().int().min(1),
  createdAt: z.string(),
  source: z.object({ engine: z.enum(['pglite', 'postgres']), serverVersion: z.string() }),
  /** The newest platform and app migrations in the dump; a restore refuses ones it does not know. */
  migrations: z.object({ platform: z.string().nullable(), app: z.string().nullable() }),
  counts: z.object({ objects: z.number().int(), databaseBytes: z.number().int() }),
});
export type BackupManifest = z.output<typeof manifestSchema>;

export const objectListSchema = z.array(
  z.object({
    bucket: z.string(),
    name: z.string(),
    version: z.string(),
    contentType: z.string(),
    entry: z.string(),
    size: z.number().int(),
  }),
);
export type BackupObjectList = z.output<typeof objectListSchema>;

export const checksumsSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/));

/** The first bytes of an age file and of a gzip stream, to tell the two apart. */
export const ageMagic = Buffer.from('age-encryption.org/v1\n');
export const gzipMagic = Buffer.from([0x1f, 0x8b]);
