// Scheduled backups also go to an S3 bucket when BACKUP_S3_BUCKET is set, over the same
// connection settings as stored files (STORAGE_S3_ENDPOINT, region, keys, path style):
// the file and its .sha256 under BACKUP_S3_PREFIX, and the ones rotation removed locally
// are removed there too.
import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectsCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { createS3Client } from '../services/storage/backend/s3-backend';

export async function uploadBackupToS3(config: Config, file: string, removed: string[]): Promise<void> {
  const { s3 } = config.storage;
  const { s3Bucket, s3Prefix } = config.operations.backup;
  if (!s3Bucket) return;
  const client = createS3Client(s3);
  try {
    for (const name of [file, `${file}.sha256`]) {
      // Sent as bytes: a streamed body goes out aws-chunked, which not every S3-compatible
      // server stores as sent (s3rver keeps the chunk framing).
      const body = await fs.promises.readFile(name);
      await client.send(
        new PutObjectCommand({ Bucket: s3Bucket, Key: `${s3Prefix}${path.basename(name)}`, Body: body }),
      );
    }
    if (removed.length > 0) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3Bucket,
          Delete: {
            Objects: removed.flatMap((name) => [
              { Key: `${s3Prefix}${name}` },
              { Key: `${s3Prefix}${name}.sha256` },
            ]),
          },
        }),
      );
    }
  } finally {
    client.destroy();
  }
}
