// POST /logout?scope=global|local|others (brief §7.12): 204 without a body.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { validation } from './auth-errors';
import { clientIp } from './client-ip';
import { requireUser } from './require-user';

export async function logOut(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const scope = c.req.query('scope') ?? 'global';
  if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
    throw validation(`Unsupported logout scope ${JSON.stringify(scope)}`);
  }
  const auth = await requireUser(ctx, c);
  const sessionId = auth.session?.id;
  await authTransaction(ctx, async (q) => {
    if (scope === 'local' && sessionId) await q.query('delete from auth.sessions where id = $1', [sessionId]);
    else if (scope === 'others' && sessionId) {
      await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [auth.user.id, sessionId]);
    } else await q.query('delete from auth.sessions where user_id = $1', [auth.user.id]);
    await audit(q, {
      action: 'logout',
      actorId: auth.user.id,
      actorUsername: auth.user.email ?? '',
      ip: clientIp(ctx, c),
      traits: { scope },
    });
  });
  return c.body(null, 204);
}
