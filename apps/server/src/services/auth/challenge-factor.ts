// POST /factors/{id}/challenge: a challenge bound to the caller's IP, valid for 300 s;
// phone factors get their code by SMS, WebAuthn factors their credential options.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { clientIp, trustedRateLimitKey } from './client-ip';
import { requireFactorUser } from './enroll-factor';
import { generateOtp, tokenHash } from './one-time-tokens';
import { isUuid, readBody } from './request-body';
import { mailLocale } from './mail-locale';
import { assertSendFrequency } from './send-auth-message';
import type { FactorRow } from './user-records';
import { webAuthnChallenge, type WebAuthnSession } from './webauthn-factor';

export const challengeLifetimeSeconds = 300;

export async function findOwnFactor(ctx: AuthContext, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const { rows } = await ctx.deps.db.query<FactorRow>(
    'select * from auth.mfa_factors where id = $1 and user_id = $2',
    [factorId, userId],
  );
  if (!rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
  return rows[0];
}

export async function challengeFactor(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('mfa_challenge', trustedRateLimitKey(ctx, c), 15, 60);
  const auth = await requireFactorUser(ctx, c);
  await readBody(c);
  const factor = await findOwnFactor(ctx, auth.user.id, c.req.param('id') ?? '');
  if (factor.factor_type === 'webauthn' && !ctx.config.mfaWebAuthnEnabled)
    throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  if (factor.factor_type === 'phone' && !ctx.config.mfaPhoneEnabled) {
    throw new AuthError(422, 'mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
  }
  const id = crypto.randomUUID();
  const ip = clientIp(ctx, c);
  let otpHash: string | null = null;
  let webauthn: { data: Record<string, unknown>; session: WebAuthnSession } | undefined;
  if (factor.factor_type === 'webauthn') webauthn = await webAuthnChallenge(ctx, auth, factor);
  if (factor.factor_type === 'phone') {
    assertSendFrequency(ctx, factor.last_challenged_at, 'sms');
    const code = generateOtp(ctx.config.otpLength);
    otpHash = tokenHash(factor.phone ?? '', code);
    await ctx.limits.takeSend(ctx.deps.db, 'sms');
    const body =
      mailLocale(ctx, auth.user) === 'da'
        ? `Din bekræftelseskode er ${code}`
        : `Your verification code is ${code}`;
    try {
      await ctx.sms.send({ to: `+${factor.phone ?? ''}`, body, meta: { code, type: 'mfa' } });
    } catch {
      throw new AuthError(422, 'sms_send_failed', 'Error sending SMS OTP');
    }
  }
  const { rows } = await ctx.deps.db.query<{ at: string }>(
    `with ch as (insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, otp_code, web_authn_session_data)
                 values ($1, $2, now(), $3::inet, $4, $5::jsonb) returning created_at)
     update auth.mfa_factors set last_challenged_at = (select created_at from ch), updated_at = now() where id = $2
     returning extract(epoch from last_challenged_at)::bigint::text as at`,
    [id, factor.id, ip, otpHash, webauthn ? JSON.stringify(webauthn.session) : null],
  );
  return c.json(
    {
      id,
      type: factor.factor_type,
      expires_at: Number(rows[0]?.at ?? 0) + challengeLifetimeSeconds,
      ...(webauthn ? { webauthn: webauthn.data } : {}),
    },
    200,
  );
}
