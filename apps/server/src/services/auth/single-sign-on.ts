// POST /sso: by provider_id or domain, a SAML identity provider from auth.sso_providers
// (when AUTH_SAML_ENABLED) or else a configured OpenID Connect provider (by name or
// e-mail domain). The answer is the address that starts its flow: the identity
// provider's with a signed-for-us AuthnRequest, or our /authorize for OpenID Connect.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { authTransaction } from './auth-transaction';
import { createFlowState, readPkceParams, type PkceParams } from './pkce-flow';
import { pickRedirect } from './redirect-target';
import { isUuid, optionalString, readBody } from './request-body';
import { serviceProvider } from './saml-service-provider';
import { findSsoProvider, findSsoProviderByDomain, type SsoProviderRow } from './sso-provider-records';

async function samlProvider(
  ctx: AuthContext,
  providerId: string | undefined,
  domain: string | undefined,
): Promise<SsoProviderRow | undefined> {
  if (!ctx.config.samlEnabled) return undefined;
  if (providerId) return isUuid(providerId) ? findSsoProvider(ctx.deps.db, providerId) : undefined;
  return findSsoProviderByDomain(ctx.deps.db, domain!);
}

async function startSaml(
  ctx: AuthContext,
  provider: SsoProviderRow,
  redirectTo: string,
  pkce: PkceParams | undefined,
): Promise<string> {
  if (provider.disabled) throw new AuthError(400, 'sso_provider_disabled', 'SSO Provider is disabled');
  const relayStateId = crypto.randomUUID();
  const request = { id: `_${crypto.randomUUID()}`, issuedAt: new Date().toISOString() };
  await authTransaction(ctx, async (q) => {
    const flow = pkce
      ? await createFlowState(q, {
          userId: null,
          authenticationMethod: 'sso/saml',
          providerType: 'sso',
          pkce,
          referrer: redirectTo,
        })
      : undefined;
    await q.query(
      `insert into auth.saml_relay_states (id, sso_provider_id, request_id, redirect_to, flow_state_id,
          created_at, updated_at) values ($1, $2, $3, $4, $5, now(), now())`,
      [relayStateId, provider.id, request.id, redirectTo, flow?.id ?? null],
    );
  });
  return serviceProvider(ctx, provider, request).getAuthorizeUrlAsync(relayStateId, undefined, {});
}

function startOidc(ctx: AuthContext, name: string, redirectTo: string, pkce: PkceParams | undefined): string {
  const url = new URL(`${ctx.externalUrl}/authorize`);
  url.searchParams.set('provider', name);
  url.searchParams.set('redirect_to', redirectTo);
  if (pkce) {
    url.searchParams.set('code_challenge', pkce.challenge);
    url.searchParams.set('code_challenge_method', pkce.method);
  }
  return url.toString();
}

export async function singleSignOn(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  // Upstream refuses the whole route before reading the body when single sign-on is off.
  if (!ctx.config.samlEnabled && ctx.config.oidcProviders.length === 0)
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  const body = await readBody(c);
  const providerId = optionalString(body, 'provider_id');
  const domain = optionalString(body, 'domain');
  if ((providerId && domain) || (!providerId && !domain))
    throw validation('Only one of provider_id or domain supported');
  const pkce = readPkceParams(body);
  const redirectTo = pickRedirect(ctx, optionalString(body, 'redirect_to'));
  const saml = await samlProvider(ctx, providerId, domain);
  const oidc = saml
    ? undefined
    : ctx.config.oidcProviders.find((p) =>
        providerId
          ? p.name === providerId
          : p.domains.map((d) => d.toLowerCase()).includes(domain!.toLowerCase()),
      );
  if (!saml && !oidc) {
    throw new AuthError(
      404,
      'sso_provider_not_found',
      providerId ? 'No such SSO provider' : 'No SSO provider assigned for this domain',
    );
  }
  const url = saml
    ? await startSaml(ctx, saml, redirectTo, pkce)
    : startOidc(ctx, oidc!.name, redirectTo, pkce);
  if (body.skip_http_redirect === true) return c.json({ url }, 200);
  return c.redirect(url, 303);
}
