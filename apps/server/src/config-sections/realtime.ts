// Settings of the realtime part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const realtimeEnv = z.object({});

export function readRealtimeConfig(env: z.output<typeof realtimeEnv> | Record<string, unknown>) {
  void env;
  return {};
}

export type RealtimeConfig = ReturnType<typeof readRealtimeConfig>;
