// POST /token?grant_type=pkce (brief §9): exchanges a single-use auth code and its
// verifier for a session.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { requestInfo } from './client-ip';
import { issueSession } from './issue-session';
import { verifierMatches } from './pkce-flow';
import { optionalString, type Body } from './request-body';
import { findUserById, isPast, secondsSince } from './user-records';

interface FlowRow {
  id: string;
  user_id: string | null;
  code_challenge_method: string | null;
  code_challenge: string | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  created_at: string;
  authentication_method: string;
  auth_code_issued_at: string | null;
}

export async function pkceGrant(ctx: AuthContext, c: Context<AppEnv>, body: Body): Promise<Response> {
  const authCode = optionalString(body, 'auth_code');
  const verifier = optionalString(body, 'code_verifier');
  if (!authCode || !verifier)
    throw validation('invalid request: both auth code and code verifier should be non-empty');
  const info = requestInfo(ctx, c);
  const session = await authTransaction(ctx, async (q) => {
    const { rows } = await q.query<FlowRow>('select * from auth.flow_state where auth_code = $1 for update', [
      authCode,
    ]);
    const flow = rows[0];
    if (!flow || !flow.user_id || (flow.provider_type === 'email' && !flow.auth_code_issued_at)) {
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    const start =
      flow.authentication_method === 'magiclink'
        ? (flow.auth_code_issued_at ?? flow.created_at)
        : flow.created_at;
    if (secondsSince(start) > ctx.config.flowStateExpiry) {
      throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    if (!verifierMatches(flow.code_challenge_method, flow.code_challenge, verifier)) {
      throw new AuthError(
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      );
    }
    await q.query('delete from auth.flow_state where id = $1', [flow.id]);
    const user = await findUserById(q, flow.user_id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    if (user.banned_until && !isPast(user.banned_until))
      throw new AuthError(400, 'user_banned', 'User is banned');
    await audit(q, {
      action: 'login',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip: info.ip,
      traits: { provider: flow.provider_type },
    });
    return issueSession(ctx, q, user.id, flow.authentication_method, info, {
      provider_token: flow.provider_access_token ?? undefined,
      provider_refresh_token: flow.provider_refresh_token ?? undefined,
    });
  });
  return c.json(session, 200);
}
