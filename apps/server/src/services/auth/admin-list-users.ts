// GET /admin/users: pages of users with X-Total-Count and a Link header the client
// parses (page first, rel in double quotes).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { validation } from './auth-errors';
import { requireAdmin } from './require-user';
import { renderUser, type UserRow } from './user-records';

function pageParam(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value))
    throw validation(`Bad Pagination Parameters: ${name} must be a non-negative integer`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw validation(`Bad Pagination Parameters: ${name} is too large`);
  return n === 0 ? fallback : n;
}

export async function adminListUsers(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await requireAdmin(ctx, c);
  const page = pageParam(c.req.query('page'), 1, 'page');
  const perPage = Math.min(pageParam(c.req.query('per_page'), 50, 'per_page'), 1000);
  const filter = c.req.query('filter') ?? '';
  const sort = (c.req.query('sort') ?? 'created_at desc').toLowerCase().includes('asc') ? 'asc' : 'desc';
  const aud = 'authenticated';
  const where = `aud = $1 and deleted_at is null and ($2 = '' or email ilike '%' || $2 || '%' or raw_user_meta_data->>'full_name' ilike '%' || $2 || '%')`;
  const db = ctx.deps.db;
  const [{ rows: countRows }, { rows }] = await Promise.all([
    db.query<{ n: string }>(`select count(*)::text as n from auth.users where ${where}`, [aud, filter]),
    db.query<UserRow>(
      `select * from auth.users where ${where} order by created_at ${sort}, id ${sort} limit $3 offset $4`,
      [aud, filter, perPage, Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER)],
    ),
  ]);
  const total = Number(countRows[0]?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(c.req.queries()))
    if (k !== 'page' && k !== 'per_page') for (const x of v) params.append(k, x);
  const rest = [...params]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('');
  const link = (p: number, rel: string) =>
    `<${c.req.path}?page=${p}&per_page=${perPage}${rest}>; rel="${rel}"`;
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')];
  c.header('X-Total-Count', String(total));
  c.header('Link', links.join(', '));
  return c.json({ users: rows.map((r) => renderUser(r)), aud }, 200);
}
