// The data service: a PostgREST-compatible API over the exposed schemas, mounted at /rest/v1.
import type { ServerDeps, ServiceModule } from '../../deps';
import { fastRead, fastReadPrefix } from './fast-read';
import { restRoutes } from './routes';
import { createSchemaCacheHolder } from './schema-cache-holder';

export function createRestService(deps: ServerDeps): ServiceModule {
  const holder = createSchemaCacheHolder(deps);
  return {
    routes: restRoutes(deps, holder),
    close: () => holder.close(),
    fast: deps.config.rest.fastReads ? [fastReadPrefix, fastRead(deps, holder)] : undefined,
  };
}
