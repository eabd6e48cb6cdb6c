// GET /user: the signed-in user with identities and factors (brief §7.10): the JWT
// check plus one indexed statement (user, session still alive, identities, factors).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { requireUser } from './require-user';
import { renderUser } from './user-records';

export async function getUser(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const auth = await requireUser(ctx, c, ctx.deps.db, { relations: true });
  const audience = c.req.header('x-jwt-aud') ?? 'authenticated';
  const tokenAud = auth.claims.aud;
  const matches = Array.isArray(tokenAud) ? tokenAud.includes(audience) : tokenAud === audience;
  if (!matches)
    throw new AuthError(400, 'validation_failed', "Token audience doesn't match request audience");
  return c.json(renderUser(auth.user, auth.identities, auth.factors), 200);
}
