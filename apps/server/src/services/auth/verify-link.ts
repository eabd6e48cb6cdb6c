// GET /verify: the link in auth mails. Redirects (303) to redirect_to with the session in
// the fragment (implicit flow), ?code= (PKCE), or the error keys.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { requestInfo, trustedRateLimitKey } from './client-ip';
import { issueSession } from './issue-session';
import { pickRedirect } from './redirect-target';
import { emailTypes, readVerifyType, verifyToken } from './verify-token';

const oauthErrorFor: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

const flowMethodFor: Record<string, string> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
};

function form(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(values[k]!).replace(/%20/g, '+')}`)
    .join('&');
}

/** The error redirect: keys in the fragment, and in the query too for PKCE flows. */
export function errorRedirect(target: string, error: AuthError, alsoQuery: boolean): string {
  const values: Record<string, string> = { error_code: error.code, error_description: error.message };
  const oauth = oauthErrorFor[error.status];
  if (oauth) values.error = oauth;
  const url = new URL(target);
  if (alsoQuery) for (const [k, v] of Object.entries(values)) url.searchParams.set(k, v);
  url.hash = form({ ...values, sb: '' });
  return url.toString();
}

export async function verifyLink(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const target = pickRedirect(ctx, c.req.query('redirect_to'));
  const token = c.req.query('token') ?? '';
  const pkceToken = token.startsWith('pkce_');
  try {
    await ctx.limits.takeRequest('verify', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.verify, 300);
    const type = readVerifyType(c.req.query('type'));
    if (!(emailTypes as readonly string[]).includes(type) || type === 'email') {
      throw new AuthError(400, 'validation_failed', `Unsupported verification type: ${type}`);
    }
    if (token === '') throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    const info = requestInfo(ctx, c);
    const location = await authTransaction(ctx, async (q) => {
      const outcome = await verifyToken(ctx, q, { type, tokenHash: token });
      const url = new URL(target);
      if (!outcome.done) {
        if (outcome.pkce) url.searchParams.set('message', outcome.message);
        url.hash = form({ message: outcome.message, sb: '' });
        return url.toString();
      }
      if (outcome.pkce) {
        const { rows } = await q.query<{ id: string; auth_code: string }>(
          `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
            where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                         order by created_at desc limit 1)
            returning id, auth_code`,
          [outcome.user.id, flowMethodFor[outcome.type] ?? outcome.type],
        );
        if (!rows[0]) throw new AuthError(404, 'flow_state_not_found', 'Flow state not found');
        url.searchParams.set('code', rows[0].auth_code);
        return url.toString();
      }
      await audit(q, {
        action: 'login',
        actorId: outcome.user.id,
        actorUsername: outcome.user.email ?? '',
        ip: info.ip,
        traits: { type: outcome.type },
      });
      const session = await issueSession(ctx, q, outcome.user.id, 'otp', info);
      url.hash = form({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        sb: '',
        token_type: 'bearer',
        type: outcome.type,
      });
      return url.toString();
    });
    return c.redirect(location, 303);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    return c.redirect(errorRedirect(target, error, pkceToken), 303);
  }
}
