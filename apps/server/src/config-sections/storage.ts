// Settings of the storage part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const storageEnv = z.object({});

export function readStorageConfig(env: z.output<typeof storageEnv> | Record<string, unknown>) {
  void env;
  return {};
}

export type StorageConfig = ReturnType<typeof readStorageConfig>;
