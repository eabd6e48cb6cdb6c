// Sessions and tokens: a session row, its opaque refresh tokens (only their SHA-256 is
// stored), the amr claims, and the signed access token with GoTrue's claims (brief §5).
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';
import { signJwt } from '../../access/jwt';
import { runAccessTokenHook } from './access-token-hook';
import type { AuthContext } from './auth-context';
import { findUserById, loadRenderedUser, type UserRow } from './user-records';

export interface SessionRequestInfo {
  ip: string;
  userAgent: string | undefined;
}

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  provider_token?: string;
  provider_refresh_token?: string;
  weak_password?: { message: string; reasons: string[] } | null;
}

const mfaMethods = new Set(['totp', 'mfa/phone', 'mfa/webauthn']);

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('base64url');
}

export async function createSession(q: Queryable, userId: string, info: SessionRequestInfo): Promise<string> {
  const id = crypto.randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, refreshed_at, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', now() at time zone 'utc', $3, $4::inet)`,
    [id, userId, info.userAgent?.slice(0, 512) ?? null, info.ip],
  );
  return id;
}

/** Upserts an amr row; MFA methods raise the session to aal2. */
export async function recordAmr(
  q: Queryable,
  sessionId: string,
  method: string,
  factorId?: string,
): Promise<void> {
  await q.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values (gen_random_uuid(), $1, now(), now(), $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
  if (mfaMethods.has(method)) {
    await q.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [
      sessionId,
      factorId ?? null,
    ]);
  }
}

/** Creates a refresh token for the session and returns it; the database keeps its hash. */
export async function newRefreshToken(
  q: Queryable,
  userId: string,
  sessionId: string,
  parentHash: string | null,
): Promise<string> {
  const token = crypto.randomBytes(24).toString('base64url');
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [hashRefreshToken(token), userId, parentHash, sessionId],
  );
  return token;
}

/** Signs an access token for the session with its current amr/aal, through the hook. */
export async function mintAccessToken(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  sessionId: string,
  method: string,
  ip: string,
): Promise<{ token: string; expiresAt: number; issuedAt: number }> {
  const { rows: amrRows } = await q.query<{ method: string; at: string }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::text as at
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  );
  const now = Math.floor(Date.now() / 1000);
  const amr = amrRows.map((r) => ({ method: r.method, timestamp: Number(r.at) }));
  const claims: Record<string, unknown> = {
    iss: ctx.externalUrl,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp: now + ctx.jwtExpiry,
    iat: now,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: amr.some((a) => mfaMethods.has(a.method)) ? 'aal2' : 'aal1',
    amr,
    session_id: sessionId,
    is_anonymous: user.is_anonymous,
  };
  const final = await runAccessTokenHook(ctx, q, { userId: user.id, claims, method, ip });
  const exp = typeof final.exp === 'number' ? final.exp : now + ctx.jwtExpiry;
  return { token: await signJwt(ctx.deps.keys, final, ctx.jwtExpiry), expiresAt: exp, issuedAt: now };
}

export async function sessionResponse(
  ctx: AuthContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
  method: string,
  info: SessionRequestInfo,
  extra: Partial<Pick<SessionResponse, 'provider_token' | 'provider_refresh_token' | 'weak_password'>> = {},
  current?: UserRow,
): Promise<SessionResponse> {
  const user = current ?? (await findUserById(q, userId));
  if (!user) throw new Error('session user vanished');
  const { token, expiresAt, issuedAt } = await mintAccessToken(ctx, q, user, sessionId, method, info.ip);
  const response: SessionResponse = {
    access_token: token,
    token_type: 'bearer',
    // Measured from the token's own iat, so it is the configured lifetime however long issuing took.
    expires_in: Math.max(expiresAt - issuedAt, 1),
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: await loadRenderedUser(q, user),
  };
  if (extra.provider_token) response.provider_token = extra.provider_token;
  if (extra.provider_refresh_token) response.provider_refresh_token = extra.provider_refresh_token;
  if (extra.weak_password !== undefined) response.weak_password = extra.weak_password;
  return response;
}

/** Signs the user in: a new session with the amr method, a refresh token and the response. */
export async function issueSession(
  ctx: AuthContext,
  q: Queryable,
  userId: string,
  method: string,
  info: SessionRequestInfo,
  extra: Parameters<typeof sessionResponse>[7] = {},
): Promise<SessionResponse> {
  const sessionId = await createSession(q, userId, info);
  await recordAmr(q, sessionId, method);
  const refreshToken = await newRefreshToken(q, userId, sessionId, null);
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  return sessionResponse(ctx, q, userId, sessionId, refreshToken, method, info, extra);
}
