// Sessions and tokens: a session row, its opaque refresh tokens (only their SHA-256 is
// stored), the amr claims, and the signed access token with GoTrue's claims (brief §5).
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';
import { signJwt } from '../../access/jwt';
import { runAccessTokenHook } from './access-token-hook';
import type { AuditAction } from './audit-log';
import type { AuthContext } from './auth-context';
import {
  findUserById,
  loadRenderedUser,
  renderUser,
  type FactorRow,
  type IdentityRow,
  type UserRow,
} from './user-records';

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

export interface AmrEntry {
  method: string;
  timestamp: number;
}

/** What auth.start_session and auth.refresh_session answer (platform migrations 0007, 0025). */
export interface SessionSnapshot {
  status: string;
  user: UserRow;
  session_id: string;
  identities: IdentityRow[];
  factors: FactorRow[];
  amr: AmrEntry[];
  /** The access-token claims, when auth.with_access_token_hook ran the hook (migration 0008). */
  claims?: Record<string, unknown>;
  /** A refresh: which descendant of the presented token to hand out (1 = its child; 0025). */
  issued_depth?: number;
}

/** GoTrue's access-token claims for the user and session (auth.access_token_claims in SQL). */
export function defaultClaims(
  ctx: AuthContext,
  user: UserRow,
  session: { id: string; amr: AmrEntry[] },
  now: number,
): Record<string, unknown> {
  return {
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
    aal: session.amr.some((a) => mfaMethods.has(a.method)) ? 'aal2' : 'aal1',
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  };
}

export interface MintedToken {
  token: string;
  expiresAt: number;
  issuedAt: number;
}

/** Signs the final claims (after the hook) issued at `now`. */
export async function signClaims(
  ctx: AuthContext,
  claims: Record<string, unknown>,
  now: number,
): Promise<MintedToken> {
  const exp = typeof claims.exp === 'number' ? claims.exp : now + ctx.jwtExpiry;
  return { token: await signJwt(ctx.deps.keys, claims, ctx.jwtExpiry), expiresAt: exp, issuedAt: now };
}

/** Signs an access token for the session with its amr/aal, through the hook. */
export async function mintAccessToken(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  session: { id: string; amr?: AmrEntry[] },
  method: string,
  ip: string,
): Promise<MintedToken> {
  let amr = session.amr;
  if (!amr) {
    const { rows } = await q.query<{ method: string; at: string }>(
      `select authentication_method as method, extract(epoch from updated_at)::bigint::text as at
         from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
      [session.id],
    );
    amr = rows.map((r) => ({ method: r.method, timestamp: Number(r.at) }));
  }
  const now = Math.floor(Date.now() / 1000);
  const claims = defaultClaims(ctx, user, { id: session.id, amr }, now);
  const final = await runAccessTokenHook(ctx, q, { userId: user.id, claims, method, ip });
  return signClaims(ctx, final, now);
}

export type ResponseExtras = Partial<
  Pick<SessionResponse, 'provider_token' | 'provider_refresh_token' | 'weak_password'>
>;

export function assemble(
  minted: MintedToken,
  refreshToken: string,
  user: Record<string, unknown>,
  extra: ResponseExtras,
): SessionResponse {
  const response: SessionResponse = {
    access_token: minted.token,
    token_type: 'bearer',
    // Measured from the token's own iat, so it is the configured lifetime however long issuing took.
    expires_in: Math.max(minted.expiresAt - minted.issuedAt, 1),
    expires_at: minted.expiresAt,
    refresh_token: refreshToken,
    user,
  };
  if (extra.provider_token) response.provider_token = extra.provider_token;
  if (extra.provider_refresh_token) response.provider_refresh_token = extra.provider_refresh_token;
  if (extra.weak_password !== undefined) response.weak_password = extra.weak_password;
  return response;
}

/** The session response for an existing session, reading the user and amr afresh. */
export async function sessionResponse(
  ctx: AuthContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
  method: string,
  info: SessionRequestInfo,
): Promise<SessionResponse> {
  const user = await findUserById(q, userId);
  if (!user) throw new Error('session user vanished');
  const minted = await mintAccessToken(ctx, q, user, { id: sessionId }, method, info.ip);
  return assemble(minted, refreshToken, await loadRenderedUser(q, user), {});
}

/** The session response from a snapshot the session functions returned: no further reads. */
export async function snapshotResponse(
  ctx: AuthContext,
  q: Queryable,
  snapshot: SessionSnapshot,
  refreshToken: string,
  method: string,
  ip: string,
  extra: ResponseExtras = {},
): Promise<SessionResponse> {
  const minted = await mintAccessToken(
    ctx,
    q,
    snapshot.user,
    { id: snapshot.session_id, amr: snapshot.amr },
    method,
    ip,
  );
  return assemble(
    minted,
    refreshToken,
    renderUser(snapshot.user, snapshot.identities, snapshot.factors),
    extra,
  );
}

export interface IssueExtras extends ResponseExtras {
  /** An audit row written by the same statement that starts the session. */
  audit?: { action: AuditAction; traits?: Record<string, unknown> };
}

/**
 * Signs the user in: a new session with the amr method, a refresh token, the last
 * sign-in stamp and the optional audit row in one statement, then the response.
 */
export async function issueSession(
  ctx: AuthContext,
  q: Queryable,
  userId: string,
  method: string,
  info: SessionRequestInfo,
  extra: IssueExtras = {},
): Promise<SessionResponse> {
  const refreshToken = crypto.randomBytes(24).toString('base64url');
  const { rows } = await q.query<{ snapshot: SessionSnapshot }>(
    'select auth.start_session($1, $2, $3, $4, $5, $6, $7::jsonb) as snapshot',
    startSessionArgs(userId, method, refreshToken, info, extra),
  );
  const snapshot = rows[0]?.snapshot;
  if (snapshot?.status !== 'ok') throw new Error('session user vanished');
  return snapshotResponse(ctx, q, snapshot, refreshToken, method, info.ip, responseExtras(extra));
}

/** The arguments of auth.start_session, in order. */
export function startSessionArgs(
  userId: string,
  method: string,
  refreshToken: string,
  info: SessionRequestInfo,
  extra: IssueExtras,
): (string | null)[] {
  return [
    userId,
    method,
    hashRefreshToken(refreshToken),
    info.ip,
    info.userAgent ?? null,
    extra.audit?.action ?? null,
    extra.audit?.traits ? JSON.stringify(extra.audit.traits) : null,
  ];
}

export function responseExtras(extra: IssueExtras): ResponseExtras {
  return {
    provider_token: extra.provider_token,
    provider_refresh_token: extra.provider_refresh_token,
    weak_password: extra.weak_password,
  };
}
