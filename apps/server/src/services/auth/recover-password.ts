// POST /recover (brief §7.7): sends the recovery mail. Unknown addresses get {} too, and so
// does a known one whose mail the per-user frequency or the hourly send limit holds back,
// so neither the status nor the body tells whether the address has an account.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { checkCaptcha } from './captcha';
import { limitMessageRequests, requestInfo, trustedRateLimitKey } from './client-ip';
import { createFlowState, readPkceParams } from './pkce-flow';
import { redirectTarget } from './redirect-target';
import { normaliseEmail, optionalString, readBody } from './request-body';
import { isMailSendRefusal, issueEmailToken } from './send-auth-message';
import { findUserByEmail } from './user-records';
import { pageLocale } from './mail-locale';

export async function recoverPassword(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('recover', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.otp, 300);
  const body = await readBody(c);
  if (!ctx.config.emailEnabled)
    throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
  const raw = optionalString(body, 'email');
  if (!raw) throw validation('Password recovery requires an email');
  const email = normaliseEmail(raw);
  const pkce = readPkceParams(body);
  const info = requestInfo(ctx, c);
  await checkCaptcha(ctx, c, body, info.ip);
  await limitMessageRequests(ctx, c);
  const redirectTo = redirectTarget(ctx, c);
  await swallowMailSendRefusal(() =>
    authTransaction(ctx, async (q) => {
      const user = await findUserByEmail(q, email);
      if (!user) return;
      if (pkce)
        await createFlowState(q, {
          userId: user.id,
          authenticationMethod: 'recovery',
          providerType: 'email',
          pkce,
        });
      await issueEmailToken(ctx, q, user, {
        kind: 'recovery',
        email,
        column: 'recovery_token',
        sentAtColumn: 'recovery_sent_at',
        verifyType: 'recovery',
        redirectTo,
        pkce: pkce !== undefined,
        deliver: true,
        checkFrequency: true,
        pageLocale: pageLocale(c, redirectTo),
      });
      await audit(q, {
        action: 'user_recovery_requested',
        actorId: user.id,
        actorUsername: email,
        ip: info.ip,
        logType: 'user',
      });
    }),
  );
  return c.json({}, 200);
}

/**
 * Runs a send for an address that may have no account; a refusal by the send limits (which
 * only an existing account can meet) is answered as the missing account is: nothing sent,
 * and the transaction rolled back, so no new token replaces the one already mailed.
 */
export async function swallowMailSendRefusal<T>(send: () => Promise<T>): Promise<T | undefined> {
  try {
    return await send();
  } catch (error) {
    if (isMailSendRefusal(error)) return undefined;
    throw error;
  }
}
