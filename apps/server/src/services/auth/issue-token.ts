// POST /token: dispatches on grant_type (query string, or form body).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { trustedRateLimitKey } from './client-ip';
import { idTokenGrant } from './id-token-grant';
import { passwordGrant } from './password-grant';
import { pkceGrant } from './pkce-grant';
import { refreshGrant } from './refresh-grant';
import { readBody } from './request-body';

export async function issueToken(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('token', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.token, 300);
  const body = await readBody(c);
  const grantType = c.req.query('grant_type') ?? (typeof body.grant_type === 'string' ? body.grant_type : '');
  switch (grantType) {
    case 'password':
      return passwordGrant(ctx, c, body);
    case 'refresh_token':
      return refreshGrant(ctx, c, body);
    case 'pkce':
      return pkceGrant(ctx, c, body);
    case 'id_token':
      return idTokenGrant(ctx, c, body);
    case 'web3':
      // Wallet sign-in (Solana/Ethereum) is not offered; the answer is upstream's for a
      // project where both Web3 providers are off.
      throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
    default:
      throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
  }
}
