// GET /admin/sso/providers (optionally ?resource_id=prefix), GET and DELETE
// /admin/sso/providers/{id or resource id}: GoTrue's read and removal of SSO providers.
// Deleting a provider removes its domains and pending sign-ins (foreign keys cascade);
// its users and their sso:<id> identities stay, as upstream keeps them.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { authTransaction } from './auth-transaction';
import { requireAdmin } from './require-user';
import { requireSaml } from './saml-enabled';
import { findSsoProvider, listSsoProviders, renderSsoProvider } from './sso-provider-records';

export async function adminListSsoProviders(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  await requireAdmin(ctx, c);
  const rows = await listSsoProviders(ctx.deps.db, c.req.query('resource_id') || undefined);
  return c.json({ items: rows.map(renderSsoProvider) }, 200);
}

export async function adminGetSsoProvider(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  await requireAdmin(ctx, c);
  const row = await findSsoProvider(ctx.deps.db, c.req.param('id') ?? '');
  if (!row) throw new AuthError(404, 'sso_provider_not_found', 'SSO Identity Provider not found');
  return c.json(renderSsoProvider(row), 200);
}

export async function adminDeleteSsoProvider(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  requireSaml(ctx);
  await requireAdmin(ctx, c);
  const row = await authTransaction(ctx, async (q) => {
    const found = await findSsoProvider(q, c.req.param('id') ?? '');
    if (!found) throw new AuthError(404, 'sso_provider_not_found', 'SSO Identity Provider not found');
    await q.query('delete from auth.sso_providers where id = $1', [found.id]);
    return found;
  });
  return c.json(renderSsoProvider(row), 200);
}
