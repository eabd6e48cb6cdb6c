// The auth tables as rows, and their GoTrue JSON shapes (User, Identity, Factor; brief §4).
import type { Queryable } from '../../database/database';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_token: string | null;
  confirmation_sent_at: string | null;
  recovery_token: string | null;
  recovery_sent_at: string | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  phone: string | null;
  phone_confirmed_at: string | null;
  phone_change: string | null;
  phone_change_token: string | null;
  phone_change_sent_at: string | null;
  confirmed_at: string | null;
  banned_until: string | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: string | null;
  is_sso_user: boolean;
  deleted_at: string | null;
  is_anonymous: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'unverified' | 'verified';
  created_at: string;
  updated_at: string;
  secret: string | null;
  phone: string | null;
  last_challenged_at: string | null;
}

/** Postgres timestamp text → RFC 3339 (null stays null). */
export function iso(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const normalised = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const time = Date.parse(/[zZ]|[+-]\d{2}:\d{2}$/.test(normalised) ? normalised : `${normalised}Z`);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

export function isPast(value: string | null | undefined, now = Date.now()): boolean {
  const at = iso(value);
  return at !== null && Date.parse(at) <= now;
}

export function secondsSince(value: string | null | undefined, now = Date.now()): number {
  const at = iso(value);
  return at === null ? Number.POSITIVE_INFINITY : (now - Date.parse(at)) / 1000;
}

const userSelect = `select * from auth.users`;
/** The live account of an audience by email (not single sign-on) or by phone. */
const byEmail = 'email = $1 and is_sso_user = false and aud = $2 and deleted_at is null';
const byPhone = 'phone = $1 and aud = $2 and deleted_at is null';

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`${userSelect} where id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(
  q: Queryable,
  email: string,
  aud = 'authenticated',
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`${userSelect} where ${byEmail}`, [email, aud]);
  return rows[0];
}

export async function findUserByPhone(
  q: Queryable,
  phone: string,
  aud = 'authenticated',
): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`${userSelect} where ${byPhone}`, [phone, aud]);
  return rows[0];
}

/** What the password grant checks before it starts a session, and nothing more. */
export type SignInCandidate = Pick<
  UserRow,
  'id' | 'encrypted_password' | 'banned_until' | 'email_confirmed_at' | 'phone_confirmed_at'
>;

/**
 * The account a password sign-in names, by email or phone, with only the columns the
 * grant checks: the whole row costs twice as much to read on the embedded database,
 * whose work shares the thread that serves requests.
 */
export async function findSignInCandidate(
  q: Queryable,
  by: { email: string } | { phone: string },
): Promise<SignInCandidate | undefined> {
  const where = 'email' in by ? byEmail : byPhone;
  const { rows } = await q.query<SignInCandidate>(
    `select id, encrypted_password, banned_until, email_confirmed_at, phone_confirmed_at
       from auth.users where ${where}`,
    ['email' in by ? by.email : by.phone, 'authenticated'],
  );
  return rows[0];
}

export async function loadIdentities(q: Queryable, userId: string): Promise<IdentityRow[]> {
  const { rows } = await q.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

export async function loadFactors(q: Queryable, userId: string): Promise<FactorRow[]> {
  const { rows } = await q.query<FactorRow>(
    'select * from auth.mfa_factors where user_id = $1 order by created_at, id',
    [userId],
  );
  return rows;
}

function put(target: Record<string, unknown>, key: string, value: string | null | undefined): void {
  if (value !== null && value !== undefined && value !== '') target[key] = value;
}

export function renderIdentity(row: IdentityRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
  put(out, 'email', row.email);
  return out;
}

export function renderFactor(row: FactorRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    status: row.status,
  };
  put(out, 'friendly_name', row.friendly_name);
  out.factor_type = row.factor_type;
  out.phone = row.phone ?? '';
  out.last_challenged_at = iso(row.last_challenged_at);
  return out;
}

/** The User object; identities/factors undefined means "not loaded" (admin lists). */
export function renderUser(
  row: UserRow,
  identities?: IdentityRow[],
  factors?: FactorRow[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
  };
  put(out, 'email_confirmed_at', iso(row.email_confirmed_at));
  put(out, 'invited_at', iso(row.invited_at));
  out.phone = row.phone ?? '';
  put(out, 'phone_confirmed_at', iso(row.phone_confirmed_at));
  put(out, 'confirmation_sent_at', iso(row.confirmation_sent_at));
  put(out, 'confirmed_at', iso(row.confirmed_at));
  put(out, 'recovery_sent_at', iso(row.recovery_sent_at));
  put(out, 'new_email', row.email_change);
  put(out, 'email_change_sent_at', iso(row.email_change_sent_at));
  put(out, 'new_phone', row.phone_change);
  put(out, 'phone_change_sent_at', iso(row.phone_change_sent_at));
  put(out, 'reauthentication_sent_at', iso(row.reauthentication_sent_at));
  put(out, 'last_sign_in_at', iso(row.last_sign_in_at));
  out.app_metadata = row.raw_app_meta_data ?? {};
  out.user_metadata = row.raw_user_meta_data ?? {};
  if (factors && factors.length > 0) out.factors = factors.map(renderFactor);
  out.identities = identities ? identities.map(renderIdentity) : null;
  out.created_at = iso(row.created_at);
  out.updated_at = iso(row.updated_at);
  put(out, 'banned_until', iso(row.banned_until));
  put(out, 'deleted_at', iso(row.deleted_at));
  out.is_anonymous = row.is_anonymous;
  return out;
}

/** The User with identities and factors, as single-user reads return it (one query). */
export async function loadRenderedUser(q: Queryable, row: UserRow): Promise<Record<string, unknown>> {
  const { rows } = await q.query<{ identities: IdentityRow[] | string; factors: FactorRow[] | string }>(
    `select coalesce((select json_agg(i order by i.created_at, i.id) from auth.identities i where i.user_id = $1), '[]'::json) as identities,
            coalesce((select json_agg(f order by f.created_at, f.id) from auth.mfa_factors f where f.user_id = $1), '[]'::json) as factors`,
    [row.id],
  );
  const parse = <T>(v: T[] | string | undefined): T[] =>
    typeof v === 'string' ? (JSON.parse(v) as T[]) : (v ?? []);
  return renderUser(row, parse(rows[0]?.identities), parse(rows[0]?.factors));
}

export interface NewUser {
  id?: string;
  aud?: string;
  role?: string;
  email?: string | null;
  phone?: string | null;
  encryptedPassword?: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  emailConfirmed?: boolean;
  phoneConfirmed?: boolean;
  isAnonymous?: boolean;
  invited?: boolean;
  /** SSO users are kept apart: their address may repeat another account's (GoTrue's is_sso_user). */
  isSsoUser?: boolean;
}

export async function insertUser(q: Queryable, user: NewUser): Promise<UserRow> {
  const { rows } = await q.query<UserRow>(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, raw_app_meta_data,
        raw_user_meta_data, email_confirmed_at, phone_confirmed_at, is_anonymous, invited_at, created_at, updated_at,
        is_super_admin, confirmation_token, recovery_token, email_change_token_new, email_change, is_sso_user)
     values ('00000000-0000-0000-0000-000000000000', coalesce($1::uuid, gen_random_uuid()), $2, $3, $4, $5, $6,
        $7::jsonb, $8::jsonb, case when $9 then now() end, case when $10 then now() end, $11,
        case when $12 then now() end, now(), now(), false, '', '', '', '', $13)
     returning *`,
    [
      user.id ?? null,
      user.aud ?? 'authenticated',
      user.role ?? 'authenticated',
      user.email ?? null,
      user.phone ?? null,
      user.encryptedPassword ?? null,
      JSON.stringify(user.appMetadata),
      JSON.stringify(user.userMetadata),
      user.emailConfirmed ?? false,
      user.phoneConfirmed ?? false,
      user.isAnonymous ?? false,
      user.invited ?? false,
      user.isSsoUser ?? false,
    ],
  );
  return rows[0]!;
}

export async function insertIdentity(
  q: Queryable,
  identity: { userId: string; provider: string; providerId: string; data: Record<string, unknown> },
): Promise<IdentityRow> {
  const { rows } = await q.query<IdentityRow>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())
     on conflict (provider_id, provider) do update set identity_data = excluded.identity_data, updated_at = now()
     returning *`,
    [identity.providerId, identity.userId, JSON.stringify(identity.data), identity.provider],
  );
  return rows[0]!;
}

/** Recomputes app_metadata.provider(s) from the user's identities. */
export async function refreshProviders(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
        'providers', coalesce((select jsonb_agg(distinct i.provider) from auth.identities i where i.user_id = u.id), '[]'::jsonb))
      where u.id = $1 and exists (select 1 from auth.identities i where i.user_id = u.id)`,
    [userId],
  );
}
