// Settings of the rest part of the platform, merged into config.ts (the only reader of
// process.env). Document every variable here in .env.example too.
import { z } from 'zod';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? fallback : v === 'true' || v === '1' || v === 'yes'));

const schemaList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? 'public')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .refine((list) => list.length > 0, { message: 'must name at least one schema' });

/** "anon=3000,authenticated=8000": per-role statement timeouts in milliseconds. */
const roleTimeouts = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const out: Record<string, number> = {};
    for (const part of (v ?? '').split(',')) {
      if (part.trim() === '') continue;
      const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(\d+)\s*$/.exec(part);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: `expected role=milliseconds, got "${part.trim()}"` });
        continue;
      }
      out[match[1]!] = Number(match[2]);
    }
    return out;
  });

export const restEnv = z.object({
  REST_SCHEMAS: schemaList,
  REST_EXTRA_SEARCH_PATH: z.string().optional(),
  REST_MAX_ROWS: z.coerce.number().int().min(1).default(1000),
  REST_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(8000),
  REST_ROLE_STATEMENT_TIMEOUTS: roleTimeouts,
  REST_MAX_URL_LENGTH: z.coerce.number().int().min(256).default(16384),
  REST_ALLOW_UNFILTERED_WRITES: flag(false),
  REST_TX_END: z
    .enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'])
    .default('commit'),
  REST_AGGREGATES_ENABLED: flag(false),
  REST_PLAN_ENABLED: flag(false),
  REST_SCHEMA_REFRESH_ON_MISS: flag(true),
  REST_FAST_READS: flag(true),
  REST_OPENAPI_MODE: z
    .enum(['follow-privileges', 'ignore-privileges', 'disabled'])
    .default('follow-privileges'),
});

type RestEnv = z.output<typeof restEnv>;

export function readRestConfig(env: RestEnv) {
  return {
    schemas: env.REST_SCHEMAS,
    extraSearchPath: (env.REST_EXTRA_SEARCH_PATH ?? 'public,extensions')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
    maxRows: env.REST_MAX_ROWS,
    statementTimeoutMs: env.REST_STATEMENT_TIMEOUT_MS,
    roleStatementTimeoutsMs: env.REST_ROLE_STATEMENT_TIMEOUTS,
    maxUrlLength: env.REST_MAX_URL_LENGTH,
    allowUnfilteredWrites: env.REST_ALLOW_UNFILTERED_WRITES,
    txEnd: env.REST_TX_END,
    aggregatesEnabled: env.REST_AGGREGATES_ENABLED,
    planEnabled: env.REST_PLAN_ENABLED,
    openApiMode: env.REST_OPENAPI_MODE,
    schemaRefreshOnMiss: env.REST_SCHEMA_REFRESH_ON_MISS,
    /** GET/HEAD /rest/v1/{relation} answered on Node's HTTP server directly (http/fast-path.ts). */
    fastReads: env.REST_FAST_READS,
  };
}

export type RestConfig = ReturnType<typeof readRestConfig>;
