// The functions service (mounted at /functions/v1): runs supabase/functions/<name>/index.ts
// handlers, compiled in the server, in worker threads of a function host process that may not
// read the server's files. See function-env.ts for what a function may read, function-host.ts
// for the process and worker-pool.ts for the threads.
import path from 'node:path';
import type { ServerDeps, ServiceModule } from '../../deps';
import { readEnvFile } from './function-env';
import { createFunctionCompiler } from './compile-function';
import { createFunctionHost, packageFolders } from './function-host';
import { functionsRoutes } from './routes';

export function createFunctionsService(deps: ServerDeps): ServiceModule {
  const config = deps.config.functions;
  const dir = path.resolve(deps.repoRoot, config.dir ?? 'supabase/functions');
  const envFile = path.resolve(deps.repoRoot, config.envFile ?? path.join(dir, '.env'));
  const env = (): Readonly<Record<string, string>> => {
    const allowed: Record<string, string> = {
      // The env file may name another mail server; otherwise functions mail as the server does.
      ...(deps.functionsSmtpUrl ? { SMTP_URL: deps.functionsSmtpUrl } : {}),
      ...readEnvFile(envFile),
      SUPABASE_ANON_KEY: deps.keys.anonKey,
    };
    if (config.passServiceRoleKey) allowed.SUPABASE_SERVICE_ROLE_KEY = deps.keys.serviceRoleKey;
    return allowed;
  };
  const buildDir = path.resolve(deps.config.dataDir, 'functions-build');
  const compiler = createFunctionCompiler(buildDir);
  const host = createFunctionHost({
    buildDir,
    packageDirs: packageFolders(deps.repoRoot),
    memoryMb: config.memoryMb,
    idleWorkers: config.idleWorkers,
    idleMs: config.idleMs,
    maxWorkers: config.maxWorkers,
    timeoutMs: config.timeoutMs,
    logLevel: deps.logger.level,
    logger: deps.logger,
  });
  return { routes: functionsRoutes({ deps, dir, compiler, host, env }), close: () => host.close() };
}
