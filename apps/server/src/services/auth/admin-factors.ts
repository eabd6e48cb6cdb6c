// GET /admin/users/{id}/factors (a bare array) and DELETE …/factors/{factorId} (the
// deleted factor).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { adminTargetUser } from './admin-get-user';
import { isUuid } from './request-body';
import { removeFactor } from './unenroll-factor';
import { loadFactors, renderFactor, type FactorRow } from './user-records';

export async function adminListFactors(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  return c.json((await loadFactors(ctx.deps.db, user.id)).map(renderFactor), 200);
}

export async function adminDeleteFactor(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  const factorId = c.req.param('factorId') ?? '';
  if (!isUuid(factorId)) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  const { rows } = await ctx.deps.db.query<FactorRow>(
    'select * from auth.mfa_factors where id = $1 and user_id = $2',
    [factorId, user.id],
  );
  const factor = rows[0];
  if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  await authTransaction(ctx, (q) => removeFactor(q, factor));
  return c.json(renderFactor(factor), 200);
}
