// The S3 backend (AWS SDK v3, any S3-compatible server). Bodies of unknown length go up
// as multipart uploads in fixed-size parts, so memory stays at about one part whatever
// the object's size; small bodies go up in one PutObject. A failed body aborts the
// multipart upload, so nothing is left behind.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import {
  BackendObjectMissing,
  type ObjectLocation,
  type StorageBackend,
  type StoredObject,
} from './storage-backend';

export interface S3BackendOptions {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
  /** Bytes per multipart part (S3's minimum is 5 MiB). */
  partSize?: number;
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** An S3 client from the STORAGE_S3_* connection settings (also used for backups to S3). */
export function createS3Client(options: Omit<S3BackendOptions, 'bucket' | 'partSize'>): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
}

export function createS3Backend(options: S3BackendOptions): StorageBackend {
  const client = createS3Client(options);
  const Bucket = options.bucket;
  const partSize = options.partSize ?? 8 * 1024 * 1024;
  const keyOf = (loc: ObjectLocation) => `${loc.bucket}/${loc.name}/${loc.version}`;

  return {
    async put(loc, body, putOptions): Promise<StoredObject> {
      const Key = keyOf(loc);
      const hash = crypto.createHash('md5');
      let size = 0;
      let uploadId: string | undefined;
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const sendPart = async () => {
        const PartNumber = parts.length + 1;
        const chunk = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        const result = await client.send(
          new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: chunk }),
        );
        parts.push({ ETag: result.ETag, PartNumber });
      };
      try {
        for await (const raw of body as AsyncIterable<Buffer | string>) {
          const chunk = typeof raw === 'string' ? Buffer.from(raw) : raw;
          hash.update(chunk);
          size += chunk.length;
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= partSize) {
            if (!uploadId) {
              const created = await client.send(
                new CreateMultipartUploadCommand({
                  Bucket,
                  Key,
                  ContentType: putOptions.contentType || undefined,
                }),
              );
              uploadId = created.UploadId;
            }
            await sendPart();
          }
        }
        if (!uploadId) {
          const data = Buffer.concat(pending, pendingBytes);
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key,
              Body: data,
              ContentLength: data.length,
              ContentType: putOptions.contentType || undefined,
            }),
          );
        } else {
          if (pendingBytes > 0) await sendPart();
          await client.send(
            new CompleteMultipartUploadCommand({
              Bucket,
              Key,
              UploadId: uploadId,
              MultipartUpload: { Parts: parts },
            }),
          );
        }
      } catch (error) {
        if (uploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
            .catch(() => undefined);
        }
        throw error;
      }
      return { size, etag: `"${hash.digest('hex')}"` };
    },

    async get(loc, range): Promise<Readable> {
      try {
        const result = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(loc),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return result.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new BackendObjectMissing(`${loc.bucket}/${loc.name}`);
        throw error;
      }
    },

    async copy(from, to): Promise<StoredObject> {
      try {
        const source = `${Bucket}/${keyOf(from).split('/').map(encodeURIComponent).join('/')}`;
        await client.send(new CopyObjectCommand({ Bucket, Key: keyOf(to), CopySource: source }));
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(to) }));
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? '""' };
      } catch (error) {
        if (isMissing(error)) throw new BackendObjectMissing(`${from.bucket}/${from.name}`);
        throw error;
      }
    },

    async remove(locations) {
      for (let i = 0; i < locations.length; i += 1000) {
        const batch = locations.slice(i, i + 1000);
        if (batch.length === 0) continue;
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((loc) => ({ Key: keyOf(loc) })), Quiet: true },
          }),
        );
      }
    },

    async close() {
      client.destroy();
    },
  };
}
