// The custom access token hook (brief §14) over the Postgres transport. The setting is
// "auto" (call public.custom_access_token_hook(jsonb) when it exists: the club schema
// defines it to add the memberships claim), "off", or pg-functions://<db>/<schema>/<fn>.
// It runs as the database owner inside the token-issuing transaction with a 2 s
// statement timeout. auth.run_access_token_hook (platform migration 0008) calls it and
// checks its output in the same statement, so a refusal rolls the transaction back.
import crypto from 'node:crypto';
import { DatabaseError, type Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';

export interface HookTarget {
  schema: string;
  fn: string;
  explicit: boolean;
}

export const hookTimeoutMs = 2000;
export const hookTimeout = () =>
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

/** The hook token issuing calls, if any (the "auto" probe is cached for two seconds). */
export async function activeAccessTokenHook(
  ctx: AuthContext,
  q: Queryable = ctx.deps.db,
): Promise<HookTarget | undefined> {
  const target = targetOf(ctx.config.customAccessTokenHook);
  return target && (await hookExists(ctx, q, target)) ? target : undefined;
}

/** The event's metadata, as GoTrue sends it. */
export function hookMetadata(ip: string): Record<string, string> {
  return {
    uuid: crypto.randomUUID(),
    time: new Date().toISOString(),
    name: 'customize-access-token',
    ip_address: ip,
  };
}

/** The documented error for a failed hook statement (already rolled back or about to be). */
export function hookFailure(ctx: AuthContext, error: unknown): AuthError {
  ctx.logger.error({ err: error }, 'custom access token hook failed');
  if (error instanceof DatabaseError) {
    if (error.code === '57014') return hookTimeout();
    if (error.code === 'HK001')
      return new AuthError(Number(error.detail ?? 500), 'unexpected_failure', error.message);
    if (error.code === 'HK002') return new AuthError(500, 'unexpected_failure', error.message);
  }
  return new AuthError(500, 'unexpected_failure', 'Error running the custom access token hook');
}

/** The embedded database has no statement timer, so there the limit is applied afterwards. */
export function checkHookElapsed(started: number): void {
  if (performance.now() - started > hookTimeoutMs) throw hookTimeout();
}

/** Runs the hook on the claims inside the caller's transaction `q`; answers the final claims. */
export async function runAccessTokenHook(
  ctx: AuthContext,
  q: Queryable,
  input: { userId: string; claims: Record<string, unknown>; method: string; ip: string },
): Promise<Record<string, unknown>> {
  const target = await activeAccessTokenHook(ctx, q);
  if (!target) return input.claims;
  const event = {
    metadata: hookMetadata(input.ip),
    user_id: input.userId,
    claims: input.claims,
    authentication_method: input.method,
  };
  let claims: Record<string, unknown> | undefined;
  const started = performance.now();
  try {
    // Two statements: the first arms the limit and reads the previous one; the second
    // restores it after the call, which already runs under the limit armed at its start.
    const { rows: before } = await q.query<{ t: string }>(
      `select current_setting('statement_timeout') as t, set_config('statement_timeout', $1, true)`,
      [String(hookTimeoutMs)],
    );
    const { rows } = await q.query<{ claims: Record<string, unknown> }>(
      `select auth.run_access_token_hook($1, $2, $3::jsonb) as claims, set_config('statement_timeout', $4, true)`,
      [target.schema, target.fn, JSON.stringify(event), before[0]?.t ?? '0'],
    );
    claims = rows[0]?.claims;
  } catch (error) {
    throw hookFailure(ctx, error);
  }
  checkHookElapsed(started);
  if (!claims) throw hookFailure(ctx, new Error('the hook statement answered no row'));
  return claims;
}
