// POST /signup (brief §7.1): e-mail or phone plus password; neither means anonymous.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { checkCaptcha } from './captcha';
import { requestInfo, trustedRateLimitKey } from './client-ip';
import { confirmEmail, confirmPhone } from './confirm-user';
import { issueSession } from './issue-session';
import { assertStrongPassword, hashPassword } from './passwords';
import { readPkceParams } from './pkce-flow';
import { redirectTarget } from './redirect-target';
import {
  normaliseEmail,
  normalisePhone,
  optionalObject,
  optionalString,
  rawString,
  readBody,
} from './request-body';
import {
  SendFrequencyError,
  sendPhoneConfirmation,
  sendRepeatedSignupNotice,
  sendSignupConfirmation,
} from './send-auth-message';
import { signInAnonymously } from './sign-in-anonymously';
import {
  findUserByEmail,
  findUserByPhone,
  insertIdentity,
  insertUser,
  loadRenderedUser,
  renderUser,
} from './user-records';
import { pageLocale } from './mail-locale';

export function readChannel(body: Record<string, unknown>): 'sms' | 'whatsapp' | undefined {
  const channel = optionalString(body, 'channel');
  if (channel !== undefined && channel !== 'sms' && channel !== 'whatsapp')
    throw validation('Invalid channel, only sms or whatsapp are supported');
  return channel;
}

export async function signUp(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const body = await readBody(c);
  const rawEmail = optionalString(body, 'email');
  const rawPhone = optionalString(body, 'phone');
  if (!rawEmail && !rawPhone) return signInAnonymously(ctx, c, body);
  await ctx.limits.takeRequest('signup', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.otp, 300);
  if (ctx.config.disableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const password = rawString(body, 'password');
  if (!password) throw validation('Signup requires a valid password');
  if (rawEmail && rawPhone)
    throw validation('Only an email address or phone number should be provided on signup.');
  readChannel(body);
  const pkce = readPkceParams(body);
  if (rawPhone && pkce) throw validation('PKCE not supported for phone signups');
  if (rawEmail && !ctx.config.emailEnabled)
    throw new AuthError(400, 'email_provider_disabled', 'Email signups are disabled');
  if (rawPhone && !ctx.config.phoneEnabled)
    throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
  // An invalid address is reported before a weak password, as upstream answers a client.
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalisePhone(rawPhone) : undefined;
  assertStrongPassword(
    { minLength: ctx.config.passwordMinLength, requiredCharacters: ctx.config.passwordRequiredCharacters },
    password,
  );
  const data = optionalObject(body, 'data') ?? {};
  const info = requestInfo(ctx, c);
  await checkCaptcha(ctx, c, body, info.ip);
  const redirectTo = redirectTarget(ctx, c);
  const provider = email ? 'email' : 'phone';
  const autoconfirm = email ? ctx.config.mailerAutoconfirm : ctx.config.smsAutoconfirm;
  const encrypted = await hashPassword(password);

  const result = await authTransaction(ctx, async (q) => {
    const existing = email ? await findUserByEmail(q, email) : await findUserByPhone(q, phone!);
    if (existing) {
      const confirmed = email ? existing.email_confirmed_at : existing.phone_confirmed_at;
      if (confirmed) {
        if (ctx.config.mailerAutoconfirm || ctx.config.smsAutoconfirm) {
          throw new AuthError(422, 'user_already_exists', 'User already registered');
        }
        await audit(q, {
          action: 'user_repeated_signup',
          actorId: existing.id,
          actorUsername: email ?? phone,
          ip: info.ip,
        });
        // The owner hears of it: one mail, as a new address gets its confirmation, so the
        // answer takes as long (the password was hashed above either way).
        if (email)
          await sendRepeatedSignupNotice(ctx, q, existing, {
            email,
            redirectTo,
            pageLocale: pageLocale(c, redirectTo),
          });
        return { kind: 'user' as const, body: obfuscatedUser(provider, email, phone, data) };
      }
      // A repeat within the resend frequency sends nothing but answers as the first did: a
      // 429 here told that the address had signed up moments ago.
      try {
        if (email) {
          await sendSignupConfirmation(ctx, q, existing, {
            email,
            redirectTo,
            pkce,
            pageLocale: pageLocale(c, redirectTo),
          });
        } else {
          await sendPhoneConfirmation(ctx, q, existing, phone!);
        }
      } catch (error) {
        if (!(error instanceof SendFrequencyError)) throw error;
      }
      const fresh = (email ? await findUserByEmail(q, email) : await findUserByPhone(q, phone!))!;
      const rendered = await loadRenderedUser(q, fresh);
      if (fresh.invited_at) {
        rendered.user_metadata = {};
        rendered.identities = [];
      }
      return { kind: 'user' as const, body: rendered };
    }

    const id = crypto.randomUUID();
    const identityData = {
      ...data,
      sub: id,
      ...(email ? { email } : { phone }),
      email_verified: false,
      phone_verified: false,
    };
    const user = await insertUser(q, {
      id,
      email: email ?? null,
      phone: phone ?? null,
      encryptedPassword: encrypted,
      appMetadata: { provider, providers: [provider] },
      userMetadata: identityData,
    });
    await insertIdentity(q, { userId: id, provider, providerId: id, data: identityData });
    await audit(q, {
      action: 'user_signedup',
      actorId: id,
      actorUsername: email ?? phone,
      ip: info.ip,
      logType: 'team',
    });
    if (autoconfirm) {
      if (email) await confirmEmail(q, id);
      else await confirmPhone(q, id);
      return { kind: 'session' as const, body: await issueSession(ctx, q, id, 'password', info) };
    }
    // A new user has no earlier send, so the frequency check always passes here.
    if (email)
      await sendSignupConfirmation(ctx, q, user, {
        email,
        redirectTo,
        pkce,
        pageLocale: pageLocale(c, redirectTo),
      });
    else await sendPhoneConfirmation(ctx, q, user, phone!);
    await audit(q, {
      action: 'user_confirmation_requested',
      actorId: id,
      actorUsername: email ?? phone,
      ip: info.ip,
      logType: 'user',
    });
    const fresh = (email ? await findUserByEmail(q, email) : await findUserByPhone(q, phone!))!;
    return { kind: 'user' as const, body: await loadRenderedUser(q, fresh) };
  });
  return c.json(result.body, 200);
}

/** What a repeated sign-up of a confirmed address gets, so existence does not leak. */
function obfuscatedUser(
  provider: 'email' | 'phone',
  email: string | undefined,
  phone: string | undefined,
  data: Record<string, unknown>,
): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    ...renderUser(
      {
        id: crypto.randomUUID(),
        aud: 'authenticated',
        role: '',
        email: email ?? '',
        phone: phone ?? '',
        encrypted_password: null,
        email_confirmed_at: null,
        invited_at: null,
        confirmation_token: null,
        confirmation_sent_at: now,
        recovery_token: null,
        recovery_sent_at: null,
        email_change_token_new: null,
        email_change_token_current: null,
        email_change: null,
        email_change_sent_at: null,
        email_change_confirm_status: 0,
        last_sign_in_at: null,
        raw_app_meta_data: { provider, providers: [provider] },
        raw_user_meta_data: data,
        created_at: now,
        updated_at: now,
        phone_confirmed_at: null,
        phone_change: null,
        phone_change_token: null,
        phone_change_sent_at: null,
        confirmed_at: null,
        banned_until: null,
        reauthentication_token: null,
        reauthentication_sent_at: null,
        is_sso_user: false,
        deleted_at: null,
        is_anonymous: false,
      },
      [],
    ),
  };
}
