// What every storage endpoint works with: the server's dependencies, the byte backend
// and the storage settings.
import type { StorageConfig } from '../../config-sections/storage';
import type { ServerDeps } from '../../deps';
import type { StorageBackend } from './backend/storage-backend';

export interface StorageRuntime {
  deps: ServerDeps;
  backend: StorageBackend;
  config: StorageConfig;
}
