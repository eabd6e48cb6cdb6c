// POST /otp (brief §7.4): magic link / e-mail code, or an SMS code. New or unconfirmed
// users go through sign-up (their confirmation mail also signs them in). An address without
// an account that may not be created (create_user false, sign-ups off) gets {} as a known
// one does, and a known address held back by the send limits gets {} too: GoTrue answers
// 422 otp_disabled and 429, which tell whether the address has an account.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { checkCaptcha } from './captcha';
import { limitMessageRequests, requestInfo, trustedRateLimitKey } from './client-ip';
import { confirmEmail, confirmPhone } from './confirm-user';
import { hashPassword } from './passwords';
import { createFlowState, readPkceParams } from './pkce-flow';
import { redirectTarget } from './redirect-target';
import {
  normaliseEmail,
  normalisePhone,
  optionalBoolean,
  optionalObject,
  optionalString,
  readBody,
} from './request-body';
import { issueEmailToken, sendPhoneConfirmation, sendSignupConfirmation } from './send-auth-message';
import { readChannel } from './sign-up';
import {
  findUserByEmail,
  findUserByPhone,
  findUserById,
  insertIdentity,
  insertUser,
  type UserRow,
} from './user-records';
import { pageLocale } from './mail-locale';
import { swallowMailSendRefusal } from './recover-password';

export async function sendOtp(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('otp', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.otp, 300);
  const body = await readBody(c);
  const rawEmail = optionalString(body, 'email');
  const rawPhone = optionalString(body, 'phone');
  if (rawEmail && rawPhone) throw validation('Only an email address or phone number should be provided');
  if (!rawEmail && !rawPhone) throw validation('One of email or phone must be set');
  const channel = readChannel(body);
  if (rawEmail && channel) throw validation('Channel can only be used with phone OTP');
  const pkce = readPkceParams(body);
  const createUser = optionalBoolean(body, 'create_user') ?? true;
  const data = optionalObject(body, 'data') ?? {};
  if (rawEmail && !ctx.config.emailEnabled)
    throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
  if (rawPhone && !ctx.config.phoneEnabled)
    throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalisePhone(rawPhone) : undefined;
  const info = requestInfo(ctx, c);
  await checkCaptcha(ctx, c, body, info.ip);
  await limitMessageRequests(ctx, c);
  const redirectTo = redirectTarget(ctx, c);
  const existing = email
    ? await findUserByEmail(ctx.deps.db, email)
    : await findUserByPhone(ctx.deps.db, phone!);
  if (!existing && (!createUser || ctx.config.disableSignup)) return c.json({}, 200);
  const randomPassword = existing
    ? undefined
    : await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const send = () =>
    authTransaction(ctx, async (q) => {
      let user: UserRow | undefined = email
        ? await findUserByEmail(q, email)
        : await findUserByPhone(q, phone!);
      const provider = email ? 'email' : 'phone';
      if (!user) {
        const id = crypto.randomUUID();
        const identityData = {
          ...data,
          sub: id,
          ...(email ? { email } : { phone }),
          email_verified: false,
          phone_verified: false,
        };
        user = await insertUser(q, {
          id,
          email: email ?? null,
          phone: phone ?? null,
          encryptedPassword: randomPassword ?? null,
          appMetadata: { provider, providers: [provider] },
          userMetadata: identityData,
        });
        await insertIdentity(q, { userId: id, provider, providerId: id, data: identityData });
        const autoconfirm = email ? ctx.config.mailerAutoconfirm : ctx.config.smsAutoconfirm;
        if (autoconfirm) {
          if (email) await confirmEmail(q, id);
          else await confirmPhone(q, id);
          user = (await findUserById(q, id))!;
        }
      }
      if (phone) return sendPhoneConfirmation(ctx, q, user, phone);
      if (!user.email_confirmed_at) {
        await sendSignupConfirmation(ctx, q, user, {
          email: email!,
          redirectTo,
          pkce,
          pageLocale: pageLocale(c, redirectTo),
        });
        return {};
      }
      if (pkce)
        await createFlowState(q, {
          userId: user.id,
          authenticationMethod: 'magiclink',
          providerType: 'email',
          pkce,
        });
      await issueEmailToken(ctx, q, user, {
        kind: 'magiclink',
        email: email!,
        column: 'recovery_token',
        sentAtColumn: 'recovery_sent_at',
        verifyType: 'magiclink',
        redirectTo,
        pkce: pkce !== undefined,
        deliver: true,
        checkFrequency: true,
        pageLocale: pageLocale(c, redirectTo),
      });
      return {};
    });
  const result = email ? await swallowMailSendRefusal(send) : await send();
  return c.json(result ?? {}, 200);
}
