// The storage service (storage-api compatible, mounted at /storage/v1): object metadata
// in the storage schema under row-level security, bytes in a StorageBackend.
import path from 'node:path';
import type { ServerDeps, ServiceModule } from '../../deps';
import { createFileBackend } from './backend/file-backend';
import { createS3Backend } from './backend/s3-backend';
import type { StorageBackend } from './backend/storage-backend';
import { storageRoutes } from './routes';

function openBackend(deps: ServerDeps): StorageBackend {
  const { storage } = deps.config;
  if (storage.backend === 's3') {
    if (!storage.s3.bucket) throw new Error('STORAGE_BACKEND=s3 needs STORAGE_S3_BUCKET');
    return createS3Backend({ ...storage.s3, bucket: storage.s3.bucket });
  }
  return createFileBackend(path.resolve(storage.fileDir ?? path.join(deps.config.dataDir, 'storage')));
}

export function createStorageService(deps: ServerDeps): ServiceModule {
  const backend = openBackend(deps);
  const routes = storageRoutes({ deps, backend, config: deps.config.storage });
  return {
    routes,
    async close() {
      await backend.close?.();
    },
  };
}
