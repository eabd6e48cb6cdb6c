// POST /verify: a code (with e-mail or phone) or a token_hash, answered with a session.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { validation } from './auth-errors';
import { requestInfo, trustedRateLimitKey } from './client-ip';
import { issueSession } from './issue-session';
import { optionalString, readBody } from './request-body';
import { readVerifyType, verifyToken } from './verify-token';

export async function verifyPost(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await ctx.limits.takeRequest('verify', trustedRateLimitKey(ctx, c), ctx.config.rateLimits.verify, 300);
  const body = await readBody(c);
  const type = readVerifyType(body.type);
  const token = optionalString(body, 'token');
  const tokenHash = optionalString(body, 'token_hash');
  const email = optionalString(body, 'email');
  const phone = optionalString(body, 'phone');
  if ((token && tokenHash) || (!token && !tokenHash))
    throw validation('Verify requires either a token or a token hash');
  if (tokenHash && (email || phone || optionalString(body, 'redirect_to'))) {
    throw validation('Only the token_hash and type should be provided');
  }
  const info = requestInfo(ctx, c);
  const result = await authTransaction(ctx, async (q) => {
    const outcome = await verifyToken(ctx, q, { type, token, tokenHash, email, phone });
    if (!outcome.done) return { msg: outcome.message, code: '200' } as Record<string, unknown>;
    await audit(q, {
      action: 'login',
      actorId: outcome.user.id,
      actorUsername: outcome.user.email ?? '',
      ip: info.ip,
      traits: { type: outcome.type },
    });
    return (await issueSession(ctx, q, outcome.user.id, 'otp', info)) as unknown as Record<string, unknown>;
  });
  return c.json(result, 200);
}
