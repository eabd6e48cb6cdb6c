// POST /token?grant_type=refresh_token (brief §8): rotation with reuse detection, done by
// auth.refresh_session (platform migration 0025) in one round trip with the access-token
// hook (run-session-statement.ts): lock the presented token, check user and session,
// revoke it and store its derived child (refresh-token-chain.ts), touch the session, write
// the audit row, and answer with the user, identities, factors and amr for the new token.
// A revoked token whose child is the session's active token gets that child again, at any
// time (the client lost the last answer); within the reuse interval a revoked token up to
// three steps above the active one gets it too. Any other reuse outside the interval
// deletes the whole session and answers refresh_token_already_used (decision 0812).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError, OAuthError } from './auth-errors';
import { requestInfo } from './client-ip';
import { optionalString, type Body } from './request-body';
import { rotateSession } from './run-session-statement';

const notFound = () =>
  new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

const refusals: Record<string, () => AuthError> = {
  not_found: notFound,
  banned: () => new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned'),
  no_session: () => new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found'),
  reused: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
};

export async function refreshGrant(ctx: AuthContext, c: Context<AppEnv>, body: Body): Promise<Response> {
  const presented = optionalString(body, 'refresh_token');
  if (!presented) throw new OAuthError('invalid_request', 'refresh_token required');
  if (presented.length < 12 || presented.length > 255) throw notFound();
  // A refusal is an answer, not a failure: what the statement deleted (a reused
  // session, an orphaned token) stays deleted.
  const outcome = await rotateSession(ctx, presented, requestInfo(ctx, c));
  if (!outcome.response) throw (refusals[outcome.status] ?? notFound)();
  return c.json(outcome.response, 200);
}
