// The functions service (mounted at /functions/v1): runs supabase/functions/<name>/index.ts
// handlers in the server process. See function-env.ts for what a function may read.
import path from 'node:path';
import type { ServerDeps, ServiceModule } from '../../deps';
import { installEdgeGlobals, readEnvFile } from './function-env';
import { createFunctionLoader } from './load-function';
import { functionsRoutes } from './routes';

export function createFunctionsService(deps: ServerDeps): ServiceModule {
  const dir = path.resolve(deps.repoRoot, deps.config.functions.dir ?? 'supabase/functions');
  const envFile = path.resolve(deps.repoRoot, deps.config.functions.envFile ?? path.join(dir, '.env'));
  const env = () =>
    Object.freeze({
      ...readEnvFile(envFile),
      SUPABASE_ANON_KEY: deps.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: deps.keys.serviceRoleKey,
    });
  installEdgeGlobals();
  const loader = createFunctionLoader(dir, env);
  return { routes: functionsRoutes({ deps, loader, env }) };
}
