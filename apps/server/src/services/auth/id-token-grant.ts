// POST /token?grant_type=id_token: signs in with an ID token issued by a configured
// OpenID Connect provider (brief §7.3), checked against the provider's JWKS, audience
// and nonce. link_identity attaches it to the signed-in user instead.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { AuthError, OAuthError } from './auth-errors';
import { authTransaction } from './auth-transaction';
import { requestInfo } from './client-ip';
import { issueSession } from './issue-session';
import { verifyIdToken } from './oidc-client';
import { requireUser } from './require-user';
import { optionalBoolean, optionalString, type Body } from './request-body';
import { identityData, userForIdentity } from './sign-in-with-identity';
import { secondsSince } from './user-records';

export async function idTokenGrant(ctx: AuthContext, c: Context<AppEnv>, body: Body): Promise<Response> {
  const name = optionalString(body, 'provider');
  const idToken = optionalString(body, 'id_token');
  const nonce = optionalString(body, 'nonce');
  const issuer = optionalString(body, 'issuer');
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  const provider = ctx.config.oidcProviders.find(
    (p) => p.name === name || (issuer !== undefined && p.issuer === issuer),
  );
  if (!provider)
    throw new AuthError(
      400,
      'provider_disabled',
      `Provider (issuer "${issuer ?? name ?? ''}") is not enabled`,
    );
  const linking = optionalBoolean(body, 'link_identity') === true;
  const target = linking ? await requireUser(ctx, c) : undefined;
  const claims = await verifyIdToken(provider, idToken, nonce);
  const info = requestInfo(ctx, c);
  const session = await authTransaction(ctx, async (q) => {
    const user = await userForIdentity(
      ctx,
      q,
      provider.name,
      identityData(claims, provider.issuer),
      target?.user.id ?? null,
    );
    if (user.banned_until && secondsSince(user.banned_until) < 0)
      throw new AuthError(400, 'user_banned', 'User is banned');
    await audit(q, {
      action: 'login',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip: info.ip,
      traits: { provider: provider.name, grant: 'id_token' },
    });
    return issueSession(ctx, q, user.id, 'oauth', info, {
      provider_token: optionalString(body, 'access_token'),
    });
  });
  return c.json(session, 200);
}
