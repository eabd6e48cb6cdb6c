// POST /resend (brief §7.8): repeats a sign-up or change confirmation; {} when there is
// nothing to resend, so existence does not leak.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { checkCaptcha } from './captcha';
import { limitMessageRequests, requestInfo, trustedRateLimitKey } from './client-ip';
import { readPkceParams } from './pkce-flow';
import { redirectTarget } from './redirect-target';
import { normaliseEmail, normalisePhone, optionalString, readBody } from './request-body';
import {
  issueSmsToken,
  SendFrequencyError,
  sendEmailChange,
  sendPhoneConfirmation,
  sendSignupConfirmation,
} from './send-auth-message';
import { findUserByEmail, findUserByPhone, type UserRow } from './user-records';
import { pageLocale } from './mail-locale';

const types = ['signup', 'email_change', 'sms', 'phone_change'];

export async function resendMessage(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('resend', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.otp, 300);
  const body = await readBody(c);
  const type = optionalString(body, 'type');
  if (!type || !types.includes(type))
    throw validation('Missing one of these types: signup, email_change, sms, phone_change');
  const rawEmail = optionalString(body, 'email');
  const rawPhone = optionalString(body, 'phone');
  if (rawEmail && rawPhone) throw validation('Only an email address or phone number should be provided.');
  if (!rawEmail && !rawPhone) throw validation('One of email or phone must be set');
  const isEmailType = type === 'signup' || type === 'email_change';
  if (isEmailType && !rawEmail) throw validation(`Type provided requires an email address`);
  if (!isEmailType && !rawPhone) throw validation(`Type provided requires a phone number`);
  if (isEmailType && !ctx.config.emailEnabled)
    throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
  if (!isEmailType && !ctx.config.phoneEnabled)
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalisePhone(rawPhone) : undefined;
  const pkce = readPkceParams(body);
  const info = requestInfo(ctx, c);
  await checkCaptcha(ctx, c, body, info.ip);
  await limitMessageRequests(ctx, c);
  const redirectTo = redirectTarget(ctx, c);
  const result = await authTransaction(ctx, async (q) => {
    if (type === 'signup') {
      const user = await findUserByEmail(q, email!);
      if (!user || user.email_confirmed_at) return {};
      // A repeat within the resend frequency answers as an unknown address does (a 429 told
      // that the address had signed up, decision 1009); nothing is sent or stored.
      try {
        await sendSignupConfirmation(ctx, q, user, {
          email: email!,
          redirectTo,
          pkce,
          pageLocale: pageLocale(c, redirectTo),
        });
      } catch (error) {
        if (!(error instanceof SendFrequencyError)) throw error;
      }
      return {};
    }
    if (type === 'email_change') {
      const { rows } = await q.query<UserRow>(
        `select * from auth.users where email = $1 or email_change = $1 limit 1`,
        [email],
      );
      const user = rows[0];
      if (!user || !user.email_change) return {};
      await sendEmailChange(
        ctx,
        q,
        { ...user, email_change: user.email_change },
        { redirectTo, pkce, pageLocale: pageLocale(c, redirectTo) },
      );
      return {};
    }
    const user = await findUserByPhone(q, phone!);
    if (type === 'sms') {
      if (!user || user.phone_confirmed_at) return {};
      try {
        return await sendPhoneConfirmation(ctx, q, user, phone!);
      } catch (error) {
        if (!(error instanceof SendFrequencyError)) throw error;
        return {};
      }
    }
    const { rows } = await q.query<UserRow>(
      `select * from auth.users where phone = $1 or phone_change = $1 limit 1`,
      [phone],
    );
    const owner = rows[0];
    if (!owner || !owner.phone_change) return {};
    const sent = await issueSmsToken(ctx, q, owner, {
      phone: owner.phone_change,
      column: 'phone_change_token',
      sentAtColumn: 'phone_change_sent_at',
      checkFrequency: true,
    });
    return sent;
  });
  return c.json(result, 200);
}
