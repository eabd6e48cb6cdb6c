// GET /user/identities/authorize and DELETE /user/identities/{id} (brief §7.14–15).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { clientIp } from './client-ip';
import { requireUser } from './require-user';
import { isUuid } from './request-body';
import { loadIdentities, refreshProviders } from './user-records';

function assertLinkingEnabled(ctx: AuthContext): void {
  if (!ctx.config.manualLinkingEnabled)
    throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
}

export async function unlinkIdentity(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  assertLinkingEnabled(ctx);
  const auth = await requireUser(ctx, c);
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID');
  if (auth.claims.aud !== (c.req.header('x-jwt-aud') ?? 'authenticated')) {
    throw new AuthError(403, 'unexpected_audience', 'Token audience does not match request audience');
  }
  const identities = await loadIdentities(ctx.deps.db, auth.user.id);
  if (identities.length <= 1)
    throw new AuthError(
      422,
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    );
  const identity = identities.find((i) => i.id === id);
  if (!identity) throw new AuthError(422, 'identity_not_found', "Identity doesn't exist");
  await authTransaction(ctx, async (q) => {
    await q.query('delete from auth.identities where id = $1', [identity.id]);
    if (identity.provider === 'phone') {
      await q.query(
        `update auth.users set phone = null, phone_confirmed_at = null, updated_at = now() where id = $1`,
        [auth.user.id],
      );
    }
    const remaining = identities.filter((i) => i.id !== identity.id);
    await q.query(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('provider', $2::text), updated_at = now() where id = $1`,
      [auth.user.id, remaining[0]!.provider],
    );
    await refreshProviders(q, auth.user.id);
    await audit(q, {
      action: 'identity_unlinked',
      actorId: auth.user.id,
      actorUsername: auth.user.email ?? '',
      ip: clientIp(ctx, c),
      traits: { provider: identity.provider },
    });
  });
  return c.json({}, 200);
}
