// Settings of the domain part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

export const domainEnv = z.object({
  DEMO_MEMBERS: z.coerce.number().int().min(10).max(50_000).default(250),
});

export function readDomainConfig(env: z.output<typeof domainEnv> | Record<string, unknown>) {
  const e = env as z.output<typeof domainEnv>;
  return {
    /** Members in the demo club loaded on the first start of an empty embedded database (DEMO_DATA). */
    demoMembers: e.DEMO_MEMBERS,
  };
}

export type DomainConfig = ReturnType<typeof readDomainConfig>;
