// Settings of the functions part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

export const functionsEnv = z.object({
  FUNCTIONS_DIR: optionalString,
  FUNCTIONS_ENV_FILE: optionalString,
  FUNCTIONS_TIMEOUT_MS: z.coerce.number().int().min(10).max(600_000).default(150_000),
  FUNCTIONS_PUBLIC: optionalString,
  FUNCTIONS_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(256),
  FUNCTIONS_IDLE_WORKERS: z.coerce.number().int().min(0).max(64).default(2),
  FUNCTIONS_IDLE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  FUNCTIONS_MAX_WORKERS: z.coerce.number().int().min(1).max(256).default(8),
  FUNCTIONS_SERVICE_ROLE_KEY: z
    .enum(['true', 'false', ''])
    .optional()
    .transform((v) => v !== 'false'),
});

export function readFunctionsConfig(env: z.output<typeof functionsEnv> | Record<string, unknown>) {
  const e = env as z.output<typeof functionsEnv>;
  return {
    /** Folder holding <name>/index.ts; supabase/functions under the repository root unless set. */
    dir: e.FUNCTIONS_DIR,
    /** dotenv file whose variables the functions may read; <dir>/.env unless set. */
    envFile: e.FUNCTIONS_ENV_FILE,
    /** Wall-clock limit of one invocation. */
    timeoutMs: e.FUNCTIONS_TIMEOUT_MS,
    /** Heap limit of one function worker thread (resourceLimits.maxOldGenerationSizeMb). */
    memoryMb: e.FUNCTIONS_MEMORY_MB,
    /** Booted workers kept per function (and environment) for the next invocation. */
    idleWorkers: e.FUNCTIONS_IDLE_WORKERS,
    /** How long a warm worker waits for its next invocation before it is stopped. */
    idleMs: e.FUNCTIONS_IDLE_MS,
    /** Invocations running at once (each in its own worker); more wait for a free one. */
    maxWorkers: e.FUNCTIONS_MAX_WORKERS,
    /** Whether functions get SUPABASE_SERVICE_ROLE_KEY, as on Supabase (default true). */
    passServiceRoleKey: e.FUNCTIONS_SERVICE_ROLE_KEY,
    /** Functions that run without a verified JWT (Supabase's verify_jwt = false). */
    publicFunctions: new Set(
      (e.FUNCTIONS_PUBLIC ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  };
}

export type FunctionsConfig = ReturnType<typeof readFunctionsConfig>;
