// Authenticates the caller of a user endpoint from its bearer token, with GoTrue's
// answers (brief §1, §5.4): no token → 401 no_authorization; a bad token → 403 bad_jwt;
// unknown user or deleted session → 403 user_not_found / session_not_found.
import type { Context } from 'hono';
import { JwtError, verifyJwt, type Claims } from '../../access/jwt';
import type { Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { isUuid } from './request-body';
import { isPast, type FactorRow, type IdentityRow, type UserRow } from './user-records';

export interface SessionRow {
  id: string;
  user_id: string;
  aal: string | null;
  created_at: string;
  factor_id: string | null;
}

export interface AuthenticatedUser {
  claims: Claims;
  token: string;
  user: UserRow;
  session: SessionRow | undefined;
  /** Loaded by the same statement when asked for (GET /user renders them). */
  identities?: IdentityRow[];
  factors?: FactorRow[];
}

/**
 * The user, the token's session if it is alive, and (GET /user) the identities and factors:
 * auth.token_user (platform migration 0033), a PL/pgSQL function, so the join and the two
 * aggregates are planned once per connection rather than on every request (decision 1082).
 */
const tokenUserStatement = `select (t.account).*, t.s_id, t.s_aal, t.s_created_at, t.s_factor_id,
         t.r_identities, t.r_factors
    from auth.token_user($1, $2, $3) t`;

export function bearerToken(c: Context): string {
  const header = c.req.header('authorization') ?? '';
  const match = /^bearer (\S+)$/i.exec(header.trim());
  if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  return match[1]!;
}

export async function verifyAccessToken(ctx: AuthContext, token: string): Promise<Claims> {
  try {
    return await verifyJwt(ctx.deps.keys, token);
  } catch (error) {
    const reason = error instanceof JwtError ? error.message : 'unknown error';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
}

export async function requireUser(
  ctx: AuthContext,
  c: Context,
  q: Queryable = ctx.deps.db,
  options: { relations?: boolean } = {},
): Promise<AuthenticatedUser> {
  const token = bearerToken(c);
  const claims = await verifyAccessToken(ctx, token);
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  if (!isUuid(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const sessionId =
    typeof claims.session_id === 'string' && claims.session_id !== '' ? claims.session_id : undefined;
  const { rows } = await q.query<
    UserRow & {
      s_id: string | null;
      s_aal: string | null;
      s_created_at: string | null;
      s_factor_id: string | null;
      r_identities: IdentityRow[] | null;
      r_factors: FactorRow[] | null;
    }
  >(tokenUserStatement, [
    claims.sub,
    sessionId !== undefined && isUuid(sessionId) ? sessionId : null,
    options.relations === true,
  ]);
  const found = rows[0];
  if (!found || found.deleted_at)
    throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const { s_id, s_aal, s_created_at, s_factor_id, r_identities, r_factors, ...user } = found;
  let session: SessionRow | undefined;
  if (sessionId !== undefined) {
    if (!s_id)
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    session = {
      id: s_id,
      user_id: user.id,
      aal: s_aal,
      created_at: s_created_at ?? '',
      factor_id: s_factor_id,
    };
  }
  if (user.banned_until && !isPast(user.banned_until))
    throw new AuthError(403, 'user_banned', 'User is banned');
  const auth: AuthenticatedUser = { claims, token, user, session };
  if (options.relations) {
    auth.identities = r_identities ?? [];
    auth.factors = r_factors ?? [];
  }
  return auth;
}

const adminRoles = new Set(['service_role', 'supabase_admin']);

/** Admin endpoints: a JWT whose role is an admin role, or the opaque secret key. */
export async function requireAdmin(ctx: AuthContext, c: Context): Promise<Claims> {
  const token = bearerToken(c);
  if (token === ctx.deps.keys.secretKey) return { role: 'service_role' };
  const claims = await verifyAccessToken(ctx, token);
  if (typeof claims.role !== 'string' || !adminRoles.has(claims.role)) {
    throw new AuthError(403, 'not_admin', 'User not allowed');
  }
  if (typeof claims.session_id === 'string' && claims.session_id !== '') {
    const { rows } = isUuid(claims.session_id)
      ? await ctx.deps.db.query('select 1 from auth.sessions where id = $1', [claims.session_id])
      : { rows: [] };
    if (rows.length === 0)
      throw new AuthError(403, 'session_expired', 'Session from session_id claim in JWT does not exist');
  }
  return claims;
}

/** The session's aal: the stored session wins, since unenrolling a factor lowers it. */
export function currentAal(auth: AuthenticatedUser): 'aal1' | 'aal2' {
  return (auth.session ? auth.session.aal : auth.claims.aal) === 'aal2' ? 'aal2' : 'aal1';
}
