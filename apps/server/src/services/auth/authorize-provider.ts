// GET /authorize?provider=…, the provider's return to /callback, and
// GET /user/identities/authorize: the OpenID Connect authorization-code flow (with our
// own PKCE and nonce towards the provider), ending in a session fragment or ?code=.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { authTransaction } from './auth-transaction';
import { requestInfo } from './client-ip';
import { issueSession } from './issue-session';
import {
  challengeOf,
  discover,
  exchangeCode,
  fetchUserinfo,
  findProvider,
  randomVerifier,
  verifyIdToken,
} from './oidc-client';
import { createFlowState, readPkceParams } from './pkce-flow';
import { pickRedirect } from './redirect-target';
import { requireUser } from './require-user';
import { identityData, userForIdentity } from './sign-in-with-identity';
import { secondsSince } from './user-records';
import { errorRedirect } from './verify-link';

const reserved = new Set([
  'provider',
  'redirect_to',
  'scopes',
  'code_challenge',
  'code_challenge_method',
  'invite_token',
  'skip_http_redirect',
  'client_id',
  'response_type',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'apikey',
]);

async function startFlow(
  ctx: AuthContext,
  c: Context<AppEnv>,
  linkingTargetId: string | undefined,
): Promise<string> {
  const name = c.req.query('provider') ?? '';
  const provider = findProvider(ctx, name);
  if (!provider)
    throw validation(
      `Unsupported provider: ${name === '' ? 'provider is required' : `${name} is not enabled`}`,
    );
  const pkce = readPkceParams({
    code_challenge: c.req.query('code_challenge'),
    code_challenge_method: c.req.query('code_challenge_method'),
  });
  const referrer = pickRedirect(ctx, c.req.query('redirect_to'));
  const { doc } = await discover(provider);
  const verifier = randomVerifier();
  const nonce = crypto.randomBytes(16).toString('base64url');
  const flow = await authTransaction(ctx, async (q) => {
    const created = await createFlowState(q, {
      userId: null,
      authenticationMethod: 'oauth',
      providerType: provider.name,
      pkce,
      referrer,
      linkingTargetId,
    });
    await q.query(
      'update auth.flow_state set provider_code_verifier = $2, provider_nonce = $3 where id = $1',
      [created.id, verifier, nonce],
    );
    return created;
  });
  const url = new URL(doc.authorization_endpoint);
  const scopes = new Set(
    ['openid', ...provider.scopes.split(/\s+/), ...(c.req.query('scopes') ?? '').split(/[\s,]+/)].filter(
      (s) => s !== '',
    ),
  );
  url.searchParams.set('client_id', provider.client_id);
  url.searchParams.set('redirect_uri', `${ctx.externalUrl}/callback`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', [...scopes].join(' '));
  url.searchParams.set('state', flow.id);
  url.searchParams.set('nonce', nonce);
  url.searchParams.set('code_challenge', challengeOf(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  for (const [key, value] of Object.entries(c.req.queries())) {
    if (!reserved.has(key) && value[0] !== undefined) url.searchParams.set(key, value[0]);
  }
  return url.toString();
}

export async function authorizeProvider(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  return c.redirect(await startFlow(ctx, c, undefined), 302);
}

export async function linkIdentity(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  if (!ctx.config.manualLinkingEnabled)
    throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
  const auth = await requireUser(ctx, c);
  const url = await startFlow(ctx, c, auth.user.id);
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url }, 200);
  return c.redirect(url, 302);
}

interface FlowRow {
  id: string;
  provider_type: string;
  code_challenge: string | null;
  referrer: string | null;
  linking_target_id: string | null;
  provider_code_verifier: string | null;
  provider_nonce: string | null;
  created_at: string;
  user_id: string | null;
}

export async function handleCallback(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const form = c.req.method === 'POST' ? await c.req.parseBody().catch(() => ({})) : {};
  const param = (name: string) => {
    const fromForm = (form as Record<string, unknown>)[name];
    return typeof fromForm === 'string' ? fromForm : c.req.query(name);
  };
  const state = param('state') ?? '';
  const { rows } = /^[0-9a-f-]{36}$/i.test(state)
    ? await ctx.deps.db.query<FlowRow>('select * from auth.flow_state where id = $1', [state])
    : { rows: [] as FlowRow[] };
  const flow = rows[0];
  if (!flow) throw new AuthError(400, 'bad_oauth_state', 'OAuth state parameter is invalid');
  const target = pickRedirect(ctx, flow.referrer);
  const pkce = flow.code_challenge !== null;
  try {
    if (flow.user_id) throw new AuthError(400, 'flow_state_already_used', 'Flow state already used');
    if (secondsSince(flow.created_at) > ctx.config.flowStateExpiry)
      throw new AuthError(422, 'flow_state_expired', 'Flow state has expired');
    const providerError = param('error');
    if (providerError) {
      throw new AuthError(400, 'bad_oauth_callback', param('error_description') ?? providerError);
    }
    const code = param('code');
    if (!code)
      throw new AuthError(400, 'bad_oauth_callback', 'OAuth callback with missing authorization code');
    const provider = findProvider(ctx, flow.provider_type);
    if (!provider)
      throw new AuthError(400, 'validation_failed', `Unsupported provider: ${flow.provider_type}`);
    const tokens = await exchangeCode(
      provider,
      code,
      `${ctx.externalUrl}/callback`,
      flow.provider_code_verifier,
    );
    const verified = await verifyIdToken(
      provider,
      tokens.idToken,
      flow.provider_nonce ?? undefined,
      (m) => new AuthError(400, 'bad_oauth_callback', m),
    );
    const claims = {
      ...(await fetchUserinfo(provider, tokens.accessToken, String(verified.sub))),
      ...verified,
    };
    const info = requestInfo(ctx, c);
    const location = await authTransaction(ctx, async (q) => {
      const user = await userForIdentity(
        ctx,
        q,
        provider.name,
        identityData(claims, provider.issuer),
        flow.linking_target_id,
      );
      if (user.banned_until && secondsSince(user.banned_until) < 0)
        throw new AuthError(403, 'user_banned', 'User is banned');
      await audit(q, {
        action: flow.linking_target_id ? 'identity_linked' : 'login',
        actorId: user.id,
        actorUsername: user.email ?? '',
        ip: info.ip,
        traits: { provider: provider.name },
      });
      const url = new URL(target);
      if (pkce) {
        await q.query(
          `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
              auth_code_issued_at = now(), updated_at = now() where id = $1`,
          [flow.id, user.id, tokens.accessToken ?? null, tokens.refreshToken ?? null],
        );
        url.searchParams.set(
          'code',
          (
            await q.query<{ auth_code: string }>('select auth_code from auth.flow_state where id = $1', [
              flow.id,
            ])
          ).rows[0]!.auth_code,
        );
        return url.toString();
      }
      await q.query('delete from auth.flow_state where id = $1', [flow.id]);
      const session = await issueSession(ctx, q, user.id, 'oauth', info, {
        provider_token: tokens.accessToken,
        provider_refresh_token: tokens.refreshToken,
      });
      const values: Record<string, string> = {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
      };
      if (tokens.accessToken) values.provider_token = tokens.accessToken;
      if (tokens.refreshToken) values.provider_refresh_token = tokens.refreshToken;
      url.hash = Object.keys(values)
        .sort()
        .map((k) => `${k}=${encodeURIComponent(values[k]!)}`)
        .join('&');
      return url.toString();
    });
    return c.redirect(location, 302);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const mapped = ['signup_disabled', 'user_banned', 'provider_email_needs_verification'].includes(
      error.code,
    )
      ? new AuthError(403, error.code, error.message)
      : error;
    return c.redirect(errorRedirect(target, mapped, true), 302);
  }
}
