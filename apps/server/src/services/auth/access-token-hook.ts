// The custom access token hook (brief §14) over the Postgres transport. The setting is
// "auto" (call public.custom_access_token_hook(jsonb) when it exists: the club schema
// defines it to add the memberships claim), "off", or pg-functions://<db>/<schema>/<fn>.
// It runs as the database owner inside the token-issuing transaction, with a 2 s
// statement timeout, and its claims replace the defaults after a schema check.
import crypto from 'node:crypto';
import { DatabaseError, type Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';

interface HookTarget {
  schema: string;
  fn: string;
  explicit: boolean;
}

const hookTimeoutMs = 2000;
const hookTimeout = () =>
  new AuthError(
    500,
    'hook_timeout',
    `Failed to reach hook within maximum time of ${(hookTimeoutMs / 1000).toFixed(6)} seconds`,
  );
const probeCache = new WeakMap<AuthContext, { at: number; exists: boolean }>();

function targetOf(setting: string): HookTarget | undefined {
  if (setting === 'off') return undefined;
  if (setting === 'auto') return { schema: 'public', fn: 'custom_access_token_hook', explicit: false };
  const [, , , schema, fn] = setting.split('/');
  return schema && fn ? { schema, fn, explicit: true } : undefined;
}

/** Probed through `q`: inside a transaction on PGlite, the database has no other connection. */
async function hookExists(ctx: AuthContext, q: Queryable, target: HookTarget): Promise<boolean> {
  if (target.explicit) return true;
  const cached = probeCache.get(ctx);
  if (cached && Date.now() - cached.at < 2000) return cached.exists;
  const { rows } = await q.query<{ exists: boolean }>(`select to_regprocedure($1) is not null as exists`, [
    `"${target.schema}"."${target.fn}"(jsonb)`,
  ]);
  const exists = rows[0]?.exists === true;
  probeCache.set(ctx, { at: Date.now(), exists });
  return exists;
}

const requiredClaims = [
  'aud',
  'exp',
  'iat',
  'sub',
  'email',
  'phone',
  'role',
  'aal',
  'session_id',
  'is_anonymous',
];

function checkClaims(claims: unknown): Record<string, unknown> {
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new AuthError(500, 'unexpected_failure', 'output claims do not conform to the expected schema');
  }
  const c = claims as Record<string, unknown>;
  const missing = requiredClaims.filter((k) => !(k in c));
  const typed =
    (typeof c.aud === 'string' || Array.isArray(c.aud)) &&
    Number.isInteger(c.exp) &&
    Number.isInteger(c.iat) &&
    (c.amr === undefined || Array.isArray(c.amr)) &&
    (c.app_metadata === undefined || (typeof c.app_metadata === 'object' && c.app_metadata !== null)) &&
    (c.user_metadata === undefined || (typeof c.user_metadata === 'object' && c.user_metadata !== null));
  if (missing.length > 0 || !typed) {
    const detail =
      missing.length > 0 ? `missing properties: ${missing.join(', ')}` : 'a claim has the wrong type';
    throw new AuthError(
      500,
      'unexpected_failure',
      `output claims do not conform to the expected schema: ${detail}`,
    );
  }
  return c;
}

/** Whether token issuing calls a hook (the "auto" probe is cached for two seconds). */
export async function accessTokenHookActive(ctx: AuthContext): Promise<boolean> {
  const target = targetOf(ctx.config.customAccessTokenHook);
  return target !== undefined && (await hookExists(ctx, ctx.deps.db, target));
}

export async function runAccessTokenHook(
  ctx: AuthContext,
  q: Queryable,
  input: { userId: string; claims: Record<string, unknown>; method: string; ip: string },
): Promise<Record<string, unknown>> {
  const target = targetOf(ctx.config.customAccessTokenHook);
  if (!target || !(await hookExists(ctx, q, target))) return input.claims;
  const event = {
    metadata: {
      uuid: crypto.randomUUID(),
      time: new Date().toISOString(),
      name: 'customize-access-token',
      ip_address: input.ip,
    },
    user_id: input.userId,
    claims: input.claims,
    authentication_method: input.method,
  };
  let output: unknown;
  const started = performance.now();
  try {
    // Two statements: the first arms the limit and reads the previous one; the second
    // restores it after the call, which already runs under the limit armed at its start.
    const { rows: before } = await q.query<{ t: string }>(
      `select current_setting('statement_timeout') as t, set_config('statement_timeout', $1, true)`,
      [String(hookTimeoutMs)],
    );
    const { rows } = await q.query<{ result: unknown }>(
      `select "${target.schema.replace(/"/g, '')}"."${target.fn.replace(/"/g, '')}"($1::jsonb) as result,
              set_config('statement_timeout', $2, true)`,
      [JSON.stringify(event), before[0]?.t ?? '0'],
    );
    output = rows[0]?.result;
  } catch (error) {
    ctx.logger.error({ err: error }, 'custom access token hook failed');
    if (error instanceof DatabaseError && error.code === '57014') {
      throw hookTimeout();
    }
    throw new AuthError(500, 'unexpected_failure', 'Error running the custom access token hook');
  }
  // The embedded database has no statement timer (it runs on this thread), so there
  // the limit is applied when the call returns; the transaction then rolls back.
  if (performance.now() - started > hookTimeoutMs) throw hookTimeout();
  if (typeof output === 'string') {
    try {
      output = JSON.parse(output);
    } catch {
      output = undefined;
    }
  }
  const result = (output ?? {}) as { claims?: unknown; error?: { http_code?: unknown; message?: unknown } };
  if (result.error && typeof result.error === 'object') {
    const status =
      typeof result.error.http_code === 'number' &&
      result.error.http_code >= 400 &&
      result.error.http_code < 600
        ? result.error.http_code
        : 500;
    const message =
      typeof result.error.message === 'string' ? result.error.message : 'Error from the access token hook';
    throw new AuthError(status, 'unexpected_failure', message);
  }
  if (!('claims' in result)) {
    throw new AuthError(500, 'unexpected_failure', 'output claims field is missing');
  }
  return checkClaims(result.claims);
}
