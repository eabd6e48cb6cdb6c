// DELETE /factors/{id}: removing a verified factor needs aal2; sessions that relied on it
// drop back to aal1.
import type { Context } from 'hono';
import type { Queryable } from '../../database/database';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { clientIp } from './client-ip';
import { findOwnFactor } from './challenge-factor';
import { requireFactorUser } from './enroll-factor';
import { currentAal } from './require-user';
import type { FactorRow } from './user-records';

/** Deletes a factor and downgrades the sessions it raised. */
export async function removeFactor(q: Queryable, factor: FactorRow): Promise<void> {
  const method =
    factor.factor_type === 'totp' ? 'totp' : factor.factor_type === 'phone' ? 'mfa/phone' : 'mfa/webauthn';
  await q.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, method],
  );
  await q.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
    [factor.id],
  );
  await q.query('delete from auth.mfa_factors where id = $1', [factor.id]);
}

export async function unenrollFactor(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const auth = await requireFactorUser(ctx, c);
  const factor = await findOwnFactor(ctx, auth.user.id, c.req.param('id') ?? '');
  if (factor.status === 'verified' && currentAal(auth) !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
  }
  await authTransaction(ctx, async (q) => {
    await removeFactor(q, factor);
    await audit(q, {
      action: 'factor_unenrolled',
      actorId: auth.user.id,
      actorUsername: auth.user.email ?? '',
      ip: clientIp(ctx, c),
      logType: 'factor',
      traits: { factor_id: factor.id },
    });
  });
  return c.json({ id: factor.id }, 200);
}
