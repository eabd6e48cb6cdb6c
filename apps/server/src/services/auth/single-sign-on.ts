// POST /sso: SAML is not offered, so a provider id or domain resolves only to a
// configured OpenID Connect provider (by name or e-mail domain); the answer is the
// /authorize URL that starts its flow.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { readPkceParams } from './pkce-flow';
import { pickRedirect } from './redirect-target';
import { optionalString, readBody } from './request-body';

export async function singleSignOn(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  // Upstream refuses the whole route before reading the body when single sign-on is off.
  if (ctx.config.oidcProviders.length === 0)
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  const body = await readBody(c);
  const providerId = optionalString(body, 'provider_id');
  const domain = optionalString(body, 'domain');
  if ((providerId && domain) || (!providerId && !domain))
    throw validation('Only one of provider_id or domain supported');
  const pkce = readPkceParams(body);
  const provider = ctx.config.oidcProviders.find((p) =>
    providerId
      ? p.name === providerId
      : p.domains.map((d) => d.toLowerCase()).includes(domain!.toLowerCase()),
  );
  if (!provider)
    throw new AuthError(404, 'sso_provider_not_found', 'No SSO provider assigned for this domain');
  const url = new URL(`${ctx.externalUrl}/authorize`);
  url.searchParams.set('provider', provider.name);
  url.searchParams.set('redirect_to', pickRedirect(ctx, optionalString(body, 'redirect_to')));
  if (pkce) {
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', pkce.method);
  }
  if (body.skip_http_redirect === true) return c.json({ url: url.toString() }, 200);
  return c.redirect(url.toString(), 303);
}
