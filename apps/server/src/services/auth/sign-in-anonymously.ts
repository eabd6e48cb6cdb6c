// Anonymous sign-in: POST /signup without e-mail or phone (brief §7.2).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { checkCaptcha } from './captcha';
import { requestInfo, trustedRateLimitKey } from './client-ip';
import { issueSession } from './issue-session';
import { optionalObject, type Body } from './request-body';
import { insertUser } from './user-records';

export async function signInAnonymously(ctx: AuthContext, c: Context<AppEnv>, body: Body): Promise<Response> {
  if (!ctx.config.anonymousEnabled)
    throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (ctx.config.disableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  await ctx.limits.takeRequest(
    'anonymous',
    trustedRateLimitKey(ctx, c),
    ctx.config.rateLimits.anonymous,
    3600,
  );
  const data = optionalObject(body, 'data') ?? {};
  const info = requestInfo(ctx, c);
  await checkCaptcha(ctx, c, body, info.ip);
  const session = await authTransaction(ctx, async (q) => {
    const user = await insertUser(q, { appMetadata: {}, userMetadata: data, isAnonymous: true });
    await audit(q, {
      action: 'user_signedup',
      actorId: user.id,
      actorUsername: '',
      ip: info.ip,
      logType: 'team',
      traits: { provider: 'anonymous' },
    });
    return issueSession(ctx, q, user.id, 'anonymous', info);
  });
  return c.json(session, 200);
}
