// Keeps the schema cache: built lazily on the first request (the server migrates before it
// starts), rebuilt after NOTIFY pgrst, 'reload schema' (or an empty payload), and (unless
// configured off) at most once a second when a request names something it does not know.
import type { ServerDeps } from '../../deps';
import { loadSchemaCache } from './load-schema-cache';
import { restErrors } from './rest-error';
import type { SchemaCache } from './schema-cache';

export interface SchemaCacheHolder {
  get(): Promise<SchemaCache>;
  /** Rebuilds if the cache is older than a second; returns the (possibly new) cache. */
  refreshIfStale(): Promise<SchemaCache>;
  close(): Promise<void>;
}

export function createSchemaCacheHolder(deps: ServerDeps): SchemaCacheHolder {
  let current: Promise<SchemaCache> | undefined;
  let generation = 0;
  const load = (): Promise<SchemaCache> => {
    const mine = ++generation;
    const loading = loadSchemaCache(deps.db, deps.config.rest.schemas).catch((error: unknown) => {
      deps.logger.error({ err: error }, 'schema cache load failed');
      if (generation === mine) current = undefined;
      throw restErrors.schemaCacheUnavailable();
    });
    current = loading;
    return loading;
  };
  const unsubscribe = deps.db
    .listen('pgrst', (payload) => {
      const p = payload.trim();
      if (p === '' || p === 'reload schema') {
        current = undefined;
      }
    })
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'could not listen for schema reloads');
      return async () => undefined;
    });
  return {
    get: () => current ?? load(),
    async refreshIfStale() {
      const cache = await (current ?? load());
      if (!deps.config.rest.schemaRefreshOnMiss || Date.now() - cache.loadedAt < 1000) return cache;
      return load();
    },
    async close() {
      await (
        await unsubscribe
      )();
    },
  };
}
