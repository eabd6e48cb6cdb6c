// POST /factors/{id}/verify: checks the TOTP or SMS code, or the WebAuthn attestation or
// assertion, of a challenge and raises the current session to aal2 with a fresh refresh
// token (brief §7.16).
import type { Context } from 'hono';
import * as OTPAuth from 'otpauth';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { clientIp, requestInfo, trustedRateLimitKey } from './client-ip';
import { challengeLifetimeSeconds, findOwnFactor } from './challenge-factor';
import { requireFactorUser } from './enroll-factor';
import { issueSession, newRefreshToken, recordAmr, sessionResponse } from './issue-session';
import { matchesStored, tokenHash } from './one-time-tokens';
import { optionalString, readBody } from './request-body';
import { secondsSince } from './user-records';
import {
  readWebAuthnVerifyParams,
  saveWebAuthnCredential,
  verifyWebAuthn,
  type StoredCredential,
  type WebAuthnSession,
} from './webauthn-factor';

interface ChallengeRow {
  id: string;
  created_at: string;
  verified_at: string | null;
  ip_address: string;
  otp_code: string | null;
  web_authn_session_data: WebAuthnSession | null;
}

export async function verifyFactor(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('mfa_verify', trustedRateLimitKey(ctx, c), 15, 60);
  const auth = await requireFactorUser(ctx, c);
  const body = await readBody(c);
  const factor = await findOwnFactor(ctx, auth.user.id, c.req.param('id') ?? '');
  const challengeId = optionalString(body, 'challenge_id');
  const isWebAuthn = factor.factor_type === 'webauthn';
  if (isWebAuthn && !ctx.config.mfaWebAuthnEnabled)
    throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  const webauthn = isWebAuthn ? readWebAuthnVerifyParams(body) : undefined;
  const code = isWebAuthn ? '' : optionalString(body, 'code');
  if (!isWebAuthn && !code) throw validation('Code needs to be non-empty');
  if (!challengeId) throw validation('challenge_id is required');
  const db = ctx.deps.db;
  const { rows } = /^[0-9a-f-]{36}$/i.test(challengeId)
    ? await db.query<ChallengeRow>(
        'select id, created_at, verified_at, host(ip_address) as ip_address, otp_code, web_authn_session_data from auth.mfa_challenges where id = $1 and factor_id = $2',
        [challengeId, factor.id],
      )
    : { rows: [] as ChallengeRow[] };
  const challenge = rows[0];
  if (!challenge)
    throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  const ip = clientIp(ctx, c);
  if (challenge.verified_at || challenge.ip_address !== ip) {
    throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (secondsSince(challenge.created_at) > challengeLifetimeSeconds) {
    await db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw new AuthError(
      422,
      'mfa_challenge_expired',
      `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  let valid: boolean;
  let credential: { credential: StoredCredential; aaguid: string | null } | undefined;
  if (webauthn) {
    if (!challenge.web_authn_session_data)
      throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    credential = await verifyWebAuthn(
      ctx,
      factor,
      challenge.web_authn_session_data,
      webauthn.type,
      webauthn.response,
    );
    valid = true;
  } else if (factor.factor_type === 'totp') {
    const totp = new OTPAuth.TOTP({
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      secret: OTPAuth.Secret.fromBase32(factor.secret ?? ''),
    });
    valid = /^\d{6}$/.test(code ?? '') && totp.validate({ token: code ?? '', window: 1 }) !== null;
  } else {
    valid = matchesStored(challenge.otp_code, tokenHash(factor.phone ?? '', code ?? ''));
  }
  if (!valid) {
    throw new AuthError(
      422,
      'mfa_verification_failed',
      factor.factor_type === 'totp' ? 'Invalid TOTP code entered' : 'Invalid MFA Phone code entered',
    );
  }
  const method =
    factor.factor_type === 'totp' ? 'totp' : factor.factor_type === 'phone' ? 'mfa/phone' : 'mfa/webauthn';
  const info = requestInfo(ctx, c);
  const session = await authTransaction(ctx, async (q) => {
    if (credential) {
      // A WebAuthn challenge is used up here (as upstream deletes it); of two concurrent
      // verifies with one assertion only the first finds it.
      const used = await q.query('delete from auth.mfa_challenges where id = $1 returning id', [
        challenge.id,
      ]);
      if (used.rows.length === 0)
        throw new AuthError(
          422,
          'mfa_factor_not_found',
          'MFA factor with the provided challenge ID not found',
        );
      await saveWebAuthnCredential(q, factor.id, credential.credential, credential.aaguid);
    } else {
      await q.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
    }
    await q.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
      factor.id,
    ]);
    await q.query(
      `delete from auth.mfa_factors where user_id = $1 and factor_type = $2::auth.factor_type and status = 'unverified' and id <> $3`,
      [auth.user.id, factor.factor_type, factor.id],
    );
    await audit(q, {
      action: 'verification_attempted',
      actorId: auth.user.id,
      actorUsername: auth.user.email ?? '',
      ip,
      logType: 'factor',
      traits: { factor_id: factor.id, success: true },
    });
    if (!auth.session) return issueSession(ctx, q, auth.user.id, method, info);
    await recordAmr(q, auth.session.id, method, factor.id);
    await q.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false',
      [auth.session.id],
    );
    const refreshToken = await newRefreshToken(q, auth.user.id, auth.session.id, null);
    await q.query(
      `delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`,
      [auth.user.id, auth.session.id],
    );
    return sessionResponse(ctx, q, auth.user.id, auth.session.id, refreshToken, method, info);
  });
  return c.json(session, 200);
}
