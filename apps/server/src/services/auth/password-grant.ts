// POST /token?grant_type=password (brief §7.3): one lookup, one bcrypt compare, one
// statement starting the session. Unknown users cost a bcrypt compare too, so timing
// does not reveal which addresses exist.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { checkCaptcha } from './captcha';
import { requestInfo } from './client-ip';
import { passwordWeakness, verifyPassword } from './passwords';
import { normaliseEmail, normalisePhone, optionalString, rawString, type Body } from './request-body';
import { startSession } from './run-session-statement';
import { findSignInCandidate, isPast } from './user-records';

/** The product's wording of invalid_credentials (product.md §8). */
export const invalidCredentialsMessage = 'Invalid email or password';

export async function passwordGrant(ctx: AuthContext, c: Context<AppEnv>, body: Body): Promise<Response> {
  const rawEmail = optionalString(body, 'email');
  const rawPhone = optionalString(body, 'phone');
  const password = rawString(body, 'password') ?? '';
  if (rawEmail && rawPhone)
    throw validation('Only an email address or phone number should be provided on login.');
  if (!rawEmail && !rawPhone) throw validation('missing email or phone');
  if (rawEmail && !ctx.config.emailEnabled)
    throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
  if (rawPhone && !ctx.config.phoneEnabled)
    throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
  const info = requestInfo(ctx, c);
  await checkCaptcha(ctx, c, body, info.ip);
  let lookupEmail: string | undefined;
  let lookupPhone: string | undefined;
  try {
    if (rawEmail) lookupEmail = normaliseEmail(rawEmail);
    else lookupPhone = normalisePhone(rawPhone!);
  } catch {
    // A malformed address cannot belong to anyone; answer as for a wrong password.
  }
  // Failed attempts are limited per account and per client address (decision 0813); a
  // limited sign-in is refused before any password is compared, right or wrong.
  const who = { account: (lookupEmail ?? lookupPhone ?? (rawEmail || rawPhone))?.toLowerCase(), ip: info.ip };
  await ctx.limits.refuseSignInWhileLimited(who);
  const db = ctx.deps.db;
  const user = lookupEmail
    ? await findSignInCandidate(db, { email: lookupEmail })
    : lookupPhone
      ? await findSignInCandidate(db, { phone: lookupPhone })
      : undefined;
  const ok = await verifyPassword(password, user?.encrypted_password);
  if (!user || !ok) {
    await ctx.limits.countFailedSignIn(who);
    throw new AuthError(400, 'invalid_credentials', invalidCredentialsMessage);
  }
  if (user.banned_until && !isPast(user.banned_until))
    throw new AuthError(400, 'user_banned', 'User is banned');
  if (lookupEmail && !user.email_confirmed_at)
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  if (lookupPhone && !user.phone_confirmed_at)
    throw new AuthError(400, 'phone_not_confirmed', 'Phone not confirmed');
  const weakness = passwordWeakness(
    { minLength: ctx.config.passwordMinLength, requiredCharacters: ctx.config.passwordRequiredCharacters },
    password,
  );
  // One round trip: session, amr, refresh token, sign-in stamp, audit row and the hook.
  const session = await startSession(ctx, user.id, 'password', info, {
    audit: { action: 'login', traits: { provider: lookupEmail ? 'email' : 'phone' } },
    weak_password:
      weakness.reasons.length > 0 ? { message: weakness.message, reasons: weakness.reasons } : null,
  });
  return c.json(session, 200);
}
