// Settings of the rest part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const restEnv = z.object({});

export function readRestConfig(env: z.output<typeof restEnv> | Record<string, unknown>) {
  void env;
  return {};
}

export type RestConfig = ReturnType<typeof readRestConfig>;
