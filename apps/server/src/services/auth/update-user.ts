// PUT /user (brief §7.11): metadata, password (with the reauthentication nonce when
// required), and e-mail or phone changes that wait for confirmation.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { clientIp, trustedRateLimitKey } from './client-ip';
import { clearTokens, matchesStored, tokenHash } from './one-time-tokens';
import { assertStrongPassword, hashPassword, verifyPassword } from './passwords';
import { readPkceParams } from './pkce-flow';
import { redirectTarget } from './redirect-target';
import { currentAal, requireUser } from './require-user';
import {
  normaliseEmail,
  normalisePhone,
  optionalObject,
  optionalString,
  rawString,
  readBody,
} from './request-body';
import { issueSmsToken, sendEmailChange } from './send-auth-message';
import { readChannel } from './sign-up';
import {
  findUserById,
  insertIdentity,
  loadFactors,
  loadRenderedUser,
  refreshProviders,
  secondsSince,
} from './user-records';
import { pageLocale } from './mail-locale';

export function mergeMetadata(
  current: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete out[key];
    else out[key] = value;
  }
  return out;
}

export async function updateUser(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('user', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.otp, 300);
  const auth = await requireUser(ctx, c);
  const body = await readBody(c);
  const user = auth.user;
  const rawEmail = optionalString(body, 'email');
  const rawPhone = optionalString(body, 'phone');
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const phone = rawPhone ? normalisePhone(rawPhone) : undefined;
  readChannel(body);
  const password = rawString(body, 'password');
  const nonce = optionalString(body, 'nonce');
  const data = optionalObject(body, 'data');
  const pkce = readPkceParams(body);
  const rules = {
    minLength: ctx.config.passwordMinLength,
    requiredCharacters: ctx.config.passwordRequiredCharacters,
  };
  if (password !== undefined && password !== '') assertStrongPassword(rules, password);
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
  }
  const changesCredentials =
    password !== undefined ||
    (email !== undefined && email !== user.email) ||
    (phone !== undefined && phone !== user.phone);
  if (changesCredentials && currentAal(auth) !== 'aal2') {
    const factors = await loadFactors(ctx.deps.db, user.id);
    if (factors.some((f) => f.status === 'verified')) {
      throw new AuthError(
        401,
        'insufficient_aal',
        'AAL2 session is required to update email or password when MFA is enabled.',
      );
    }
  }
  if (user.is_anonymous && password !== undefined && !email && !phone) {
    throw new AuthError(
      422,
      'validation_failed',
      'Updating password of an anonymous user without an email or phone is not allowed',
    );
  }
  if (email && email !== user.email) {
    const { rows } = await ctx.deps.db.query(
      'select 1 from auth.users where email = $1 and id <> $2 and is_sso_user = false',
      [email, user.id],
    );
    if (rows.length > 0)
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (phone && phone !== user.phone) {
    const { rows } = await ctx.deps.db.query('select 1 from auth.users where phone = $1 and id <> $2', [
      phone,
      user.id,
    ]);
    if (rows.length > 0)
      throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
  }
  let newHash: string | null | undefined;
  if (password !== undefined) {
    if (
      ctx.config.updatePasswordRequireReauthentication &&
      secondsSince(auth.session?.created_at) > 24 * 3600
    ) {
      if (!nonce)
        throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
      const subject = user.email || user.phone || '';
      const fresh =
        secondsSince(user.reauthentication_sent_at) <=
        (user.email ? ctx.config.mailerOtpExp : ctx.config.smsOtpExp);
      if (!fresh || !matchesStored(user.reauthentication_token, tokenHash(subject, nonce))) {
        throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
      }
    }
    if (password === '') newHash = null;
    else {
      if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      newHash = await hashPassword(password);
    }
  }
  const redirectTo = redirectTarget(ctx, c);
  const ip = clientIp(ctx, c);
  const rendered = await authTransaction(ctx, async (q) => {
    if (data) {
      await q.query(
        'update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1',
        [user.id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, data))],
      );
    }
    if (newHash !== undefined) {
      await q.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        newHash,
      ]);
      await clearTokens(q, user.id);
      if (auth.session)
        await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [
          user.id,
          auth.session.id,
        ]);
      await audit(q, {
        action: 'user_updated_password',
        actorId: user.id,
        actorUsername: user.email ?? '',
        ip,
        logType: 'user',
      });
    }
    if (email && email !== user.email) {
      if (user.is_anonymous && ctx.config.mailerAutoconfirm) {
        await q.query(
          `update auth.users set email = $2, email_confirmed_at = now(), is_anonymous = false, updated_at = now(),
              raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider": "email"}'::jsonb where id = $1`,
          [user.id, email],
        );
        await insertIdentity(q, {
          userId: user.id,
          provider: 'email',
          providerId: user.id,
          data: { sub: user.id, email, email_verified: true, phone_verified: false },
        });
        await refreshProviders(q, user.id);
      } else {
        await q.query(
          `update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1`,
          [user.id, email],
        );
        const current = (await findUserById(q, user.id))!;
        await sendEmailChange(
          ctx,
          q,
          { ...current, email_change: email },
          { redirectTo, pkce, pageLocale: pageLocale(c, redirectTo) },
        );
      }
    }
    if (phone && phone !== user.phone) {
      if (ctx.config.smsAutoconfirm) {
        await q.query(
          `update auth.users set phone = $2, phone_confirmed_at = now(), is_anonymous = false, updated_at = now() where id = $1`,
          [user.id, phone],
        );
        await insertIdentity(q, {
          userId: user.id,
          provider: 'phone',
          providerId: user.id,
          data: { sub: user.id, phone, phone_verified: true },
        });
        await refreshProviders(q, user.id);
      } else {
        await q.query(`update auth.users set phone_change = $2 where id = $1`, [user.id, phone]);
        const current = (await findUserById(q, user.id))!;
        await issueSmsToken(ctx, q, current, {
          phone,
          column: 'phone_change_token',
          sentAtColumn: 'phone_change_sent_at',
          checkFrequency: true,
        });
      }
    }
    await audit(q, {
      action: 'user_modified',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip,
      logType: 'user',
    });
    return loadRenderedUser(q, (await findUserById(q, user.id))!);
  });
  return c.json(rendered, 200);
}
