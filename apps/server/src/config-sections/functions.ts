// Settings of the functions part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const functionsEnv = z.object({});

export function readFunctionsConfig(env: z.output<typeof functionsEnv> | Record<string, unknown>) {
  void env;
  return {};
}

export type FunctionsConfig = ReturnType<typeof readFunctionsConfig>;
