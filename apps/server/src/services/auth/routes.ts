// The auth service's routing table (GoTrue's paths under /auth/v1). Browser navigations
// (/verify GET, /authorize, /callback) and the public metadata need no apikey; every
// other route needs a valid apikey (access/caller.ts), refused in GoTrue's format.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { requestBodyLimit } from '../../http/body-limit';
import { GatewayError, resolveCaller } from '../../access/caller';
import type { AppEnv } from '../../http/app-env';
import { adminCreateUser } from './admin-create-user';
import { adminDeleteUser } from './admin-delete-user';
import { adminDeleteFactor, adminListFactors } from './admin-factors';
import { adminGenerateLink } from './admin-generate-link';
import { adminGetUser } from './admin-get-user';
import { adminInvite } from './admin-invite';
import { adminListUsers } from './admin-list-users';
import { adminCreateSsoProvider, adminUpdateSsoProvider } from './admin-save-sso-provider';
import { adminDeleteSsoProvider, adminGetSsoProvider, adminListSsoProviders } from './admin-sso-providers';
import { adminUpdateUser } from './admin-update-user';
import type { AuthContext } from './auth-context';
import { isConnectionLoss } from '../../database/database';
import { AuthError, OAuthError, renderAuthError } from './auth-errors';
import { authorizeProvider, handleCallback, linkIdentity } from './authorize-provider';
import { challengeFactor } from './challenge-factor';
import { enrollFactor } from './enroll-factor';
import { getUser } from './get-user';
import { issueToken } from './issue-token';
import { logOut } from './log-out';
import { unlinkIdentity } from './manage-identities';
import { reauthenticate } from './reauthenticate';
import { recoverPassword } from './recover-password';
import {
  adminDeletePasskey,
  adminListPasskeys,
  deletePasskey,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyAuthenticationVerify,
  passkeyRegistrationOptions,
  passkeyRegistrationVerify,
  updatePasskey,
} from './passkeys';
import { maxBodyBytes } from './request-body';
import { resendMessage } from './resend-message';
import { withinRequestTimeLimit } from './request-time-limit';
import { sendOtp } from './send-otp';
import { clearDevInbox, showDevInbox } from './show-dev-inbox';
import { showHealth, showJwks, showSettings } from './show-service-info';
import { samlAcs } from './saml-acs';
import { samlMetadata } from './saml-metadata';
import { signUp } from './sign-up';
import { singleSignOn } from './single-sign-on';
import { unenrollFactor } from './unenroll-factor';
import { updateUser } from './update-user';
import { verifyFactor } from './verify-factor';
import { verifyLink } from './verify-link';
import { verifyPost } from './verify-post';
import { readBody } from './request-body';

type Endpoint = (ctx: AuthContext, c: Context<AppEnv>) => Promise<Response>;

/**
 * An endpoint that sends a message for some addresses and nothing for others answers, either
 * way, no sooner than a typical delivery on the request's channel takes (decision 1009).
 */
function inSendTime(endpoint: Endpoint): Endpoint {
  return async (ctx, c) => {
    const started = performance.now();
    const pad = async () => {
      const body = await readBody(c).catch(() => ({}) as Record<string, unknown>);
      const sms = typeof body.phone === 'string' && body.phone !== '' && !body.email;
      await ctx.sendTimes.padSince(started, sms ? 'sms' : 'email');
    };
    try {
      const response = await endpoint(ctx, c);
      await pad();
      return response;
    } catch (error) {
      await pad();
      throw error;
    }
  };
}

export function authRoutes(ctx: AuthContext): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const run = (endpoint: Endpoint) => async (c: Context<AppEnv>) => {
    try {
      return await withinRequestTimeLimit(ctx.config.maxRequestDurationMs, c.get('log') ?? ctx.logger, () =>
        endpoint(ctx, c),
      );
    } catch (error) {
      if (error instanceof AuthError || error instanceof OAuthError) return renderAuthError(c, error);
      if (isConnectionLoss(error)) {
        // The database went away (restart, failover): nothing was done; asking again can succeed.
        const unavailable = new AuthError(
          503,
          'unexpected_failure',
          'The database is unavailable for a moment; try again shortly.',
        );
        unavailable.retryAfterSeconds = 1;
        return renderAuthError(c, unavailable);
      }
      (c.get('log') ?? ctx.logger).error({ err: error, path: c.req.path }, 'auth request failed');
      return renderAuthError(
        c,
        new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        ),
      );
    }
  };

  if (ctx.unresolvedPort) {
    // Started on an ephemeral port (tests): the first request tells the real origin.
    routes.use('*', async (c, next) => {
      if (ctx.unresolvedPort) {
        const origin = new URL(c.req.url).origin;
        ctx.externalUrl = `${origin}/auth/v1`;
        if (new URL(ctx.siteUrl).port === '0') ctx.siteUrl = origin;
        ctx.unresolvedPort = false;
      }
      await next();
    });
  }
  // Refuses oversized bodies while they stream in, before anything buffers them.
  // The connection is closed after a 413, since the unread rest of the body is still on it.
  routes.use(
    '*',
    requestBodyLimit(maxBodyBytes, (c) => {
      c.header('Connection', 'close');
      return renderAuthError(c, new AuthError(413, 'request_entity_too_large', 'Request body too large'));
    }),
  );
  routes.get('/health', run(showHealth));
  routes.get('/settings', run(showSettings));
  routes.get('/.well-known/jwks.json', run(showJwks));
  routes.get('/verify', run(verifyLink));
  routes.get('/authorize', run(authorizeProvider));
  routes.get('/callback', run(handleCallback));
  routes.post('/callback', run(handleCallback));
  // The identity provider's side of SAML: the browser posts the response, and the
  // provider's administrator reads our metadata, neither with an apikey.
  routes.get('/sso/saml/metadata', run(samlMetadata));
  routes.post('/sso/saml/acs', run(samlAcs));
  if (ctx.inbox) {
    routes.get('/_dev/inbox', run(showDevInbox));
    routes.delete('/_dev/inbox', run(clearDevInbox));
  }

  // Like the platform gateway in front of GoTrue: only the apikey is checked here; the
  // bearer token is the endpoint's business (public ones ignore it).
  routes.use('*', async (c, next) => {
    try {
      await resolveCaller(
        ctx.deps.keys,
        { apikey: c.req.header('apikey') ?? c.req.query('apikey'), authorization: undefined },
        { requireKey: true },
      );
    } catch (error) {
      if (error instanceof GatewayError)
        return renderAuthError(c, new AuthError(401, 'no_authorization', error.message));
      throw error;
    }
    await next();
  });
  routes.post('/signup', run(inSendTime(signUp)));
  routes.post('/token', run(issueToken));
  routes.post('/otp', run(inSendTime(sendOtp)));
  routes.post('/magiclink', run(inSendTime(sendOtp)));
  routes.post('/verify', run(verifyPost));
  routes.post('/recover', run(inSendTime(recoverPassword)));
  routes.post('/resend', run(inSendTime(resendMessage)));
  routes.post('/sso', run(singleSignOn));
  routes.get('/reauthenticate', run(reauthenticate));
  routes.get('/user', run(getUser));
  routes.put('/user', run(updateUser));
  routes.post('/logout', run(logOut));
  routes.get('/user/identities/authorize', run(linkIdentity));
  routes.delete('/user/identities/:id', run(unlinkIdentity));
  routes.post('/factors', run(enrollFactor));
  routes.post('/factors/:id/challenge', run(challengeFactor));
  routes.post('/factors/:id/verify', run(verifyFactor));
  routes.delete('/factors/:id', run(unenrollFactor));
  routes.post('/passkeys/registration/options', run(passkeyRegistrationOptions));
  routes.post('/passkeys/registration/verify', run(passkeyRegistrationVerify));
  routes.post('/passkeys/authentication/options', run(passkeyAuthenticationOptions));
  routes.post('/passkeys/authentication/verify', run(passkeyAuthenticationVerify));
  routes.get('/passkeys', run(listPasskeys));
  routes.patch('/passkeys/:id', run(updatePasskey));
  routes.delete('/passkeys/:id', run(deletePasskey));
  routes.post('/invite', run(adminInvite));
  routes.post('/admin/generate_link', run(adminGenerateLink));
  routes.get('/admin/users', run(adminListUsers));
  routes.post('/admin/users', run(adminCreateUser));
  routes.get('/admin/users/:id', run(adminGetUser));
  routes.put('/admin/users/:id', run(adminUpdateUser));
  routes.delete('/admin/users/:id', run(adminDeleteUser));
  routes.get('/admin/users/:id/factors', run(adminListFactors));
  routes.delete('/admin/users/:id/factors/:factorId', run(adminDeleteFactor));
  routes.get('/admin/users/:id/passkeys', run(adminListPasskeys));
  routes.delete('/admin/users/:id/passkeys/:passkeyId', run(adminDeletePasskey));
  routes.get('/admin/sso/providers', run(adminListSsoProviders));
  routes.post('/admin/sso/providers', run(adminCreateSsoProvider));
  routes.get('/admin/sso/providers/:id', run(adminGetSsoProvider));
  routes.put('/admin/sso/providers/:id', run(adminUpdateSsoProvider));
  routes.delete('/admin/sso/providers/:id', run(adminDeleteSsoProvider));
  routes.all('*', (c) =>
    renderAuthError(c, new AuthError(404, 'unknown', `No route for ${c.req.method} ${c.req.path}`)),
  );
  return routes;
}
