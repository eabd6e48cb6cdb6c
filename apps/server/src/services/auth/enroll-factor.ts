// POST /factors (brief §7.16): enrols an unverified TOTP (secret, otpauth URI and SVG QR
// code), phone or WebAuthn factor (its credential is registered at verify).
import crypto from 'node:crypto';
import type { Context } from 'hono';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { clientIp } from './client-ip';
import { currentAal, requireUser, type AuthenticatedUser } from './require-user';
import { normalisePhone, optionalString, readBody } from './request-body';
import { loadFactors } from './user-records';

export async function requireFactorUser(ctx: AuthContext, c: Context<AppEnv>): Promise<AuthenticatedUser> {
  const auth = await requireUser(ctx, c);
  if (auth.user.is_anonymous)
    throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
  return auth;
}

export async function enrollFactor(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const auth = await requireFactorUser(ctx, c);
  const body = await readBody(c);
  const type = optionalString(body, 'factor_type');
  const friendlyName = optionalString(body, 'friendly_name') ?? '';
  if (type === 'webauthn' && !ctx.config.mfaWebAuthnEnabled)
    throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type !== 'totp' && type !== 'phone' && type !== 'webauthn')
    throw validation('factor_type needs to be totp, phone, or webauthn');
  if (type === 'phone' && !ctx.config.mfaPhoneEnabled)
    throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  const db = ctx.deps.db;
  const user = auth.user;
  await db.query(
    `delete from auth.mfa_factors f where f.user_id = $1 and f.status = 'unverified'
        and f.created_at < now() - interval '300 seconds'
        and not exists (select 1 from auth.mfa_challenges ch where ch.factor_id = f.id)`,
    [user.id],
  );
  const factors = await loadFactors(db, user.id);
  if (
    factors.some(
      (f) => (f.friendly_name ?? '') === friendlyName && (friendlyName !== '' || f.factor_type === type),
    )
  ) {
    throw new AuthError(
      422,
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  }
  const verified = factors.filter((f) => f.status === 'verified');
  if (factors.length >= ctx.config.mfaMaxFactors || verified.length >= ctx.config.mfaMaxFactors) {
    throw new AuthError(
      422,
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  }
  if (verified.length > 0 && currentAal(auth) !== 'aal2') {
    throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }
  const id = crypto.randomUUID();
  const ip = clientIp(ctx, c);
  if (type === 'phone') {
    const raw = optionalString(body, 'phone');
    if (!raw) throw validation('Phone number required to enroll Phone factor');
    const phone = normalisePhone(raw);
    if (verified.some((f) => f.factor_type === 'phone' && f.phone === phone)) {
      throw new AuthError(
        422,
        'mfa_verified_factor_exists',
        'A verified phone factor already exists, unenroll the existing factor to continue',
      );
    }
    await authTransaction(ctx, async (q) => {
      await q.query(
        `delete from auth.mfa_factors where user_id = $1 and factor_type = 'phone' and status = 'unverified' and phone = $2`,
        [user.id, phone],
      );
      await q.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, phone)
         values ($1, $2, $3, 'phone', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, phone],
      );
      await audit(q, {
        action: 'factor_in_progress',
        actorId: user.id,
        actorUsername: user.email ?? '',
        ip,
        logType: 'factor',
        traits: { factor_id: id },
      });
    });
    return c.json({ id, type: 'phone', friendly_name: friendlyName, phone }, 200);
  }
  if (type === 'webauthn') {
    await authTransaction(ctx, async (q) => {
      await q.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
         values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
        [id, user.id, friendlyName],
      );
      await audit(q, {
        action: 'factor_in_progress',
        actorId: user.id,
        actorUsername: user.email ?? '',
        ip,
        logType: 'factor',
        traits: { factor_id: id },
      });
    });
    return c.json({ id, type: 'webauthn', friendly_name: friendlyName }, 200);
  }
  const issuer = optionalString(body, 'issuer') ?? new URL(ctx.siteUrl).host;
  const secret = new OTPAuth.Secret({ size: 20 });
  const totp = new OTPAuth.TOTP({
    issuer,
    label: user.email || user.phone || user.id,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret,
  });
  const uri = totp.toString();
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  await authTransaction(ctx, async (q) => {
    await q.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, user.id, friendlyName, secret.base32],
    );
    await audit(q, {
      action: 'factor_in_progress',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip,
      logType: 'factor',
      traits: { factor_id: id },
    });
  });
  return c.json(
    { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret: secret.base32, uri } },
    200,
  );
}
