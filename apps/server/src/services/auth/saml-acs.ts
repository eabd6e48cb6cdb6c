// POST /sso/saml/acs: the identity provider's answer, posted by the browser with the
// RelayState that POST /sso created. The relay state is consumed before the response is
// checked, so a response is accepted once; node-saml checks the signature, issuer,
// audience, validity window and that it answers this very request. The user is found by
// its sso:<provider id> identity or created as an SSO user (kept apart from accounts
// with the same address, as GoTrue does), and the browser goes back to redirect_to with
// a session in the fragment, or with ?code= for PKCE.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Profile } from '@node-saml/node-saml';
import type { Queryable } from '../../database/database';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { authTransaction } from './auth-transaction';
import { requestInfo } from './client-ip';
import { issueSession } from './issue-session';
import { pickRedirect } from './redirect-target';
import { isUuid } from './request-body';
import { requireSaml } from './saml-enabled';
import { parseIdpMetadata } from './saml-metadata-document';
import { identityFromAssertion } from './saml-identity';
import { serviceProvider } from './saml-service-provider';
import { findSsoProvider } from './sso-provider-records';
import { findUserById, insertIdentity, insertUser, secondsSince, type UserRow } from './user-records';
import { errorRedirect } from './verify-link';

interface RelayStateRow {
  sso_provider_id: string;
  request_id: string;
  redirect_to: string | null;
  flow_state_id: string | null;
  created_at: string;
}

async function userForAssertion(
  ctx: AuthContext,
  q: Queryable,
  provider: string,
  subject: string,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const { rows } = await q.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
      where provider = $1 and provider_id = $2 returning user_id`,
    [provider, subject, JSON.stringify(data)],
  );
  if (rows[0]) return (await findUserById(q, rows[0].user_id))!;
  if (ctx.config.disableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const user = await insertUser(q, {
    id: crypto.randomUUID(),
    email: String(data.email),
    appMetadata: { provider, providers: [provider] },
    userMetadata: data,
    emailConfirmed: true,
    isSsoUser: true,
  });
  await insertIdentity(q, { userId: user.id, provider, providerId: subject, data });
  return user;
}

function sessionFragment(target: string, session: Record<string, unknown>): string {
  const values: Record<string, string> = {
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token),
    sb: '',
    token_type: 'bearer',
  };
  const url = new URL(target);
  url.hash = Object.keys(values)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(values[k]!)}`)
    .join('&');
  return url.toString();
}

export async function samlAcs(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const samlResponse = typeof form.SAMLResponse === 'string' ? form.SAMLResponse : '';
  const relayStateId = typeof form.RelayState === 'string' ? form.RelayState : '';
  if (samlResponse === '') throw new AuthError(400, 'validation_failed', 'SAMLResponse is missing');
  // Identity-provider-initiated sign-ins (no RelayState) are refused: without a request
  // of ours to answer, a captured response could be replayed until it expires.
  if (!isUuid(relayStateId))
    throw new AuthError(
      400,
      'saml_relay_state_not_found',
      'SAML RelayState does not exist, try logging in again?',
    );
  const { rows } = await ctx.deps.db.query<RelayStateRow>(
    'delete from auth.saml_relay_states where id = $1 returning *',
    [relayStateId],
  );
  const relay = rows[0];
  if (!relay)
    throw new AuthError(
      400,
      'saml_relay_state_not_found',
      'SAML RelayState does not exist, try logging in again?',
    );
  const target = pickRedirect(ctx, relay.redirect_to);
  const pkce = relay.flow_state_id !== null;
  try {
    if (secondsSince(relay.created_at) > ctx.config.flowStateExpiry)
      throw new AuthError(
        400,
        'saml_relay_state_expired',
        'SAML RelayState has expired. Try logging in again?',
      );
    const provider = await findSsoProvider(ctx.deps.db, relay.sso_provider_id);
    if (!provider) throw new AuthError(404, 'sso_provider_not_found', 'SSO Identity Provider not found');
    if (provider.disabled) throw new AuthError(400, 'sso_provider_disabled', 'SSO Provider is disabled');
    let profile: Profile | null;
    try {
      const sp = serviceProvider(ctx, provider, { id: relay.request_id, issuedAt: relay.created_at });
      ({ profile } = await sp.validatePostResponseAsync({ SAMLResponse: samlResponse }));
    } catch (error) {
      (c.get('log') ?? ctx.logger).info({ err: error }, 'SAML response refused');
      throw new AuthError(400, 'saml_assertion_invalid', 'SAML Assertion is not valid; try signing in again');
    }
    // node-saml checks the issuer only on logout responses; the assertion's (signed)
    // issuer must be the entity the provider was registered with.
    if (!profile || profile.issuer !== parseIdpMetadata(provider.metadata_xml).entityId)
      throw new AuthError(400, 'saml_assertion_invalid', 'SAML Assertion is not valid; try signing in again');
    const { subject, data } = identityFromAssertion(provider, profile);
    const providerName = `sso:${provider.id}`;
    const info = requestInfo(ctx, c);
    const location = await authTransaction(ctx, async (q) => {
      const user = await userForAssertion(ctx, q, providerName, subject, data);
      if (user.banned_until && secondsSince(user.banned_until) < 0)
        throw new AuthError(403, 'user_banned', 'User is banned');
      if (pkce) {
        const { rows: flows } = await q.query<{ auth_code: string }>(
          `update auth.flow_state set user_id = $2, auth_code_issued_at = now(), updated_at = now()
            where id = $1 and user_id is null returning auth_code`,
          [relay.flow_state_id, user.id],
        );
        if (!flows[0])
          throw new AuthError(404, 'flow_state_not_found', 'Flow state not found, try signing in again');
        const url = new URL(target);
        url.searchParams.set('code', flows[0].auth_code);
        return url.toString();
      }
      await audit(q, {
        action: 'login',
        actorId: user.id,
        actorUsername: user.email ?? '',
        ip: info.ip,
        traits: { provider: providerName },
      });
      const session = await issueSession(ctx, q, user.id, 'sso/saml', info);
      return sessionFragment(target, session as unknown as Record<string, unknown>);
    });
    return c.redirect(location, 303);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return c.redirect(errorRedirect(target, error, pkce), 303);
  }
}
