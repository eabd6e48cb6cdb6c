// POST /token?grant_type=refresh_token (brief §8): rotation with reuse detection. A
// revoked token is accepted again when it is the parent of the session's only active
// token (the client lost the last answer) or within the reuse interval; any other reuse
// deletes the whole session and answers refresh_token_already_used.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, OAuthError } from './auth-errors';
import { requestInfo } from './client-ip';
import { hashRefreshToken, newRefreshToken, sessionResponse, type SessionResponse } from './issue-session';
import { optionalString, type Body } from './request-body';
import { findUserById, isPast, secondsSince } from './user-records';

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  updated_at: string;
  session_id: string | null;
  session_exists: boolean;
}

const notFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

export async function refreshGrant(ctx: AuthContext, c: Context<AppEnv>, body: Body): Promise<Response> {
  const presented = optionalString(body, 'refresh_token');
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  if (presented.length < 12 || presented.length > 255) throw notFound();
  const info = requestInfo(ctx, c);
  const hashed = hashRefreshToken(presented);

  const outcome = await authTransaction(
    ctx,
    async (q): Promise<SessionResponse | 'reused' | 'no_session'> => {
      const { rows } = await q.query<TokenRow>(
        `select rt.id::text, rt.token, rt.user_id, rt.revoked, rt.updated_at, rt.session_id,
              (s.id is not null) as session_exists
         from auth.refresh_tokens rt left join auth.sessions s on s.id = rt.session_id
        where rt.token = $1
        for update of rt`,
        [hashed],
      );
      const row = rows[0];
      if (!row) throw notFound();
      const user = await findUserById(q, row.user_id);
      if (!user) throw notFound();
      if (user.banned_until && !isPast(user.banned_until))
        throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned');
      if (!row.session_id || !row.session_exists) {
        await q.query('delete from auth.refresh_tokens where id = $1', [row.id]);
        return 'no_session';
      }
      const sessionId = row.session_id;
      if (row.revoked) {
        const { rows: active } = await q.query<{ id: string; parent: string | null }>(
          `select id::text, parent from auth.refresh_tokens
          where session_id = $1 and revoked = false order by id desc limit 2`,
          [sessionId],
        );
        const isParentOfActive = active.length === 1 && active[0]!.parent === row.token;
        const withinInterval = secondsSince(row.updated_at) <= ctx.config.refreshTokenReuseInterval;
        if (!isParentOfActive && !withinInterval) {
          if (ctx.config.refreshTokenRotation) {
            await q.query('delete from auth.sessions where id = $1', [sessionId]);
            await audit(q, {
              action: 'token_revoked',
              actorId: user.id,
              actorUsername: user.email ?? '',
              ip: info.ip,
              logType: 'token',
              traits: { reason: 'reuse_detected' },
            });
          }
          return 'reused';
        }
        if (isParentOfActive) {
          await q.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
            active[0]!.id,
          ]);
        }
      }
      const next = await newRefreshToken(q, user.id, sessionId, row.token);
      await q.query(
        `with revoked as (update auth.refresh_tokens set revoked = true, updated_at = now() where id = $4 and revoked = false)
       update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now(), ip = $2::inet,
          user_agent = coalesce($3, user_agent) where id = $1`,
        [sessionId, info.ip, info.userAgent?.slice(0, 512) ?? null, row.id],
      );
      await audit(q, {
        action: 'token_refreshed',
        actorId: user.id,
        actorUsername: user.email ?? '',
        ip: info.ip,
        logType: 'token',
      });
      return sessionResponse(ctx, q, user.id, sessionId, next, 'token_refresh', info, {}, user);
    },
  );
  if (outcome === 'reused')
    throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  if (outcome === 'no_session')
    throw new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found');
  return c.json(outcome, 200);
}
