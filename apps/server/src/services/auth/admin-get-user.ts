// GET /admin/users/{id} and the lookup the other per-user admin endpoints share.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { requireAdmin } from './require-user';
import { isUuid } from './request-body';
import { findUserById, loadRenderedUser, type UserRow } from './user-records';

export async function adminTargetUser(ctx: AuthContext, c: Context<AppEnv>): Promise<UserRow> {
  await requireAdmin(ctx, c);
  const id = c.req.param('id') ?? '';
  if (!isUuid(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.deps.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return user;
}

export async function adminGetUser(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  return c.json(await loadRenderedUser(ctx.deps.db, user), 200);
}
