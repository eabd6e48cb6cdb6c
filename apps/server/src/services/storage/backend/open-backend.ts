// Chooses the storage backend from the configuration: S3 when STORAGE_BACKEND=s3, otherwise
// files under STORAGE_FILE_DIR (DATA_DIR/storage by default). The storage service and the
// backup/restore operations both open their backend here.
import path from 'node:path';
import type { StorageConfig } from '../../../config-sections/storage';
import { createFileBackend } from './file-backend';
import { createS3Backend } from './s3-backend';
import type { StorageBackend } from './storage-backend';

export function openStorageBackend(storage: StorageConfig, dataDir: string): StorageBackend {
  if (storage.backend === 's3') {
    if (!storage.s3.bucket) throw new Error('STORAGE_BACKEND=s3 needs STORAGE_S3_BUCKET');
    return createS3Backend({ ...storage.s3, bucket: storage.s3.bucket });
  }
  return createFileBackend(path.resolve(storage.fileDir ?? path.join(dataDir, 'storage')));
}
