// The storage service (storage-api compatible, mounted at /storage/v1): object metadata
// in the storage schema under row-level security, bytes in a StorageBackend. Bytes of rows
// deleted in SQL (an erased member's documents) are removed from the queue the database
// keeps of them (drain-removals.ts, decision 1008).
import type { ServerDeps, ServiceModule } from '../../deps';
import { openStorageBackend } from './backend/open-backend';
import { startRemovalDrain } from './drain-removals';
import { storageRoutes } from './routes';

export function createStorageService(deps: ServerDeps): ServiceModule {
  const backend = openStorageBackend(deps.config.storage, deps.config.dataDir);
  const routes = storageRoutes({ deps, backend, config: deps.config.storage });
  const drain = startRemovalDrain(deps.db, backend, deps.logger.child({ service: 'storage' }));
  return {
    routes,
    async close() {
      drain.stop();
      await backend.close?.();
    },
  };
}
