// The storage service (storage-api compatible, mounted at /storage/v1): object metadata
// in the storage schema under row-level security, bytes in a StorageBackend.
import type { ServerDeps, ServiceModule } from '../../deps';
import { openStorageBackend } from './backend/open-backend';
import { storageRoutes } from './routes';

export function createStorageService(deps: ServerDeps): ServiceModule {
  const backend = openStorageBackend(deps.config.storage, deps.config.dataDir);
  const routes = storageRoutes({ deps, backend, config: deps.config.storage });
  return {
    routes,
    async close() {
      await backend.close?.();
    },
  };
}
