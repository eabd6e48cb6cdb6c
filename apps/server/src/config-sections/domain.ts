// Settings of the domain part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const domainEnv = z.object({});

export function readDomainConfig(env: z.output<typeof domainEnv> | Record<string, unknown>) {
  void env;
  return {};
}

export type DomainConfig = ReturnType<typeof readDomainConfig>;
