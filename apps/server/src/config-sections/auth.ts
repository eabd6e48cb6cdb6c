// Settings of the auth part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const authEnv = z.object({});

export function readAuthConfig(env: z.output<typeof authEnv> | Record<string, unknown>) {
  void env;
  return {};
}

export type AuthConfig = ReturnType<typeof readAuthConfig>;
