// The functions service (mounted at /functions/v1): runs supabase/functions/<name>/index.ts
// handlers in worker threads. See function-env.ts for what a function may read and
// worker-pool.ts for how it is isolated.
import path from 'node:path';
import type { ServerDeps, ServiceModule } from '../../deps';
import { readEnvFile } from './function-env';
import { createWorkerPool } from './worker-pool';
import { functionsRoutes } from './routes';

export function createFunctionsService(deps: ServerDeps): ServiceModule {
  const config = deps.config.functions;
  const dir = path.resolve(deps.repoRoot, config.dir ?? 'supabase/functions');
  const envFile = path.resolve(deps.repoRoot, config.envFile ?? path.join(dir, '.env'));
  const env = (): Readonly<Record<string, string>> => {
    const allowed: Record<string, string> = {
      ...readEnvFile(envFile),
      SUPABASE_ANON_KEY: deps.keys.anonKey,
    };
    if (config.passServiceRoleKey) allowed.SUPABASE_SERVICE_ROLE_KEY = deps.keys.serviceRoleKey;
    return allowed;
  };
  const pool = createWorkerPool({
    memoryMb: config.memoryMb,
    idleWorkers: config.idleWorkers,
    maxWorkers: config.maxWorkers,
    timeoutMs: config.timeoutMs,
    logger: deps.logger,
  });
  return { routes: functionsRoutes({ deps, dir, pool, env }), close: () => pool.close() };
}
