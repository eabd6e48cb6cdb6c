// The heart of /verify (brief §7.5): finds the user a code or link token belongs to,
// checks its age, and applies the verification's effect.
import type { Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';
import { AuthError, validation } from './auth-errors';
import { confirmEmail, confirmPhone } from './confirm-user';
import { clearTokens, matchesStored, tokenHash } from './one-time-tokens';
import { normaliseEmail, normalisePhone } from './request-body';
import { findUserById, insertIdentity, refreshProviders, secondsSince, type UserRow } from './user-records';

export const emailTypes = ['signup', 'invite', 'magiclink', 'recovery', 'email_change', 'email'] as const;
export const phoneTypes = ['sms', 'phone_change'] as const;
export type VerifyKind = (typeof emailTypes)[number] | (typeof phoneTypes)[number];

export function readVerifyType(value: unknown): VerifyKind {
  if (typeof value !== 'string' || value === '') throw validation('Verify requires a verification type');
  if (
    !(emailTypes as readonly string[]).includes(value) &&
    !(phoneTypes as readonly string[]).includes(value)
  ) {
    throw validation(`Unsupported verification type: ${value}`);
  }
  return value as VerifyKind;
}

export interface VerifyInput {
  type: VerifyKind;
  token?: string;
  tokenHash?: string;
  email?: string;
  phone?: string;
}

export type VerifyOutcome =
  | { done: true; user: UserRow; type: VerifyKind; pkce: boolean }
  | { done: false; user: UserRow; type: VerifyKind; pkce: boolean; message: string };

const columnsFor: Record<VerifyKind, (keyof UserRow)[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  sms: ['confirmation_token'],
  phone_change: ['phone_change_token'],
};

const sentAtFor: Record<string, keyof UserRow> = {
  confirmation_token: 'confirmation_sent_at',
  recovery_token: 'recovery_sent_at',
  email_change_token_new: 'email_change_sent_at',
  email_change_token_current: 'email_change_sent_at',
  phone_change_token: 'phone_change_sent_at',
};

function expired(): AuthError {
  return new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
}

async function candidates(q: Queryable, input: VerifyInput, subject: string): Promise<UserRow[]> {
  const isPhone = input.type === 'sms' || input.type === 'phone_change';
  const sql = isPhone
    ? `select * from auth.users where (phone = $1 or phone_change = $1) and deleted_at is null`
    : `select * from auth.users where (email = $1 or email_change = $1) and deleted_at is null`;
  return (await q.query<UserRow>(sql, [subject])).rows;
}

export async function verifyToken(
  ctx: AuthContext,
  q: Queryable,
  input: VerifyInput,
): Promise<VerifyOutcome> {
  let user: UserRow | undefined;
  let column: keyof UserRow | undefined;
  let stored = '';
  if (input.tokenHash !== undefined) {
    const presented = input.tokenHash.replace(/^pkce_/, '');
    const { rows } = await q.query<{ user_id: string; token_type: string; token_hash: string }>(
      `select user_id, token_type::text, token_hash from auth.one_time_tokens where token_hash = $1 or token_hash = $2`,
      [presented, `pkce_${presented}`],
    );
    for (const row of rows) {
      if (!columnsFor[input.type].includes(row.token_type as keyof UserRow)) continue;
      const candidate = await findUserById(q, row.user_id);
      if (
        candidate &&
        matchesStored(candidate[row.token_type as keyof UserRow] as string | null, presented)
      ) {
        user = candidate;
        column = row.token_type as keyof UserRow;
        stored = candidate[column] as string;
        break;
      }
    }
    if (!user || !column) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  } else {
    const isPhone = input.type === 'sms' || input.type === 'phone_change';
    if ((input.email && input.phone) || (!input.email && !input.phone)) {
      throw validation('Only an email address or phone number should be provided on verify');
    }
    if (isPhone && !input.phone)
      throw validation('Only an email address or phone number should be provided on verify');
    if (!isPhone && !input.email)
      throw validation('Only an email address or phone number should be provided on verify');
    let subject: string;
    if (isPhone) subject = normalisePhone(input.phone!);
    else {
      try {
        subject = normaliseEmail(input.email!);
      } catch {
        throw new AuthError(422, 'validation_failed', 'Invalid email format');
      }
    }
    const presented = tokenHash(subject, input.token ?? '');
    for (const candidate of await candidates(q, input, subject)) {
      for (const col of columnsFor[input.type]) {
        if (matchesStored(candidate[col] as string | null, presented)) {
          user = candidate;
          column = col;
          stored = candidate[col] as string;
        }
      }
      if (user) break;
    }
    if (!user || !column) throw expired();
  }
  const lifetime =
    input.type === 'sms' || input.type === 'phone_change' ? ctx.config.smsOtpExp : ctx.config.mailerOtpExp;
  if (secondsSince(user[sentAtFor[column]!] as string | null) > lifetime) {
    throw input.tokenHash !== undefined
      ? new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
      : expired();
  }
  if (user.banned_until && secondsSince(user.banned_until) < 0)
    throw new AuthError(403, 'user_banned', 'User is banned');
  const pkce = stored.startsWith('pkce_');
  const type: VerifyKind =
    input.type === 'email' ? (column === 'confirmation_token' ? 'signup' : 'magiclink') : input.type;
  return applyEffect(ctx, q, user, type, column, pkce);
}

async function applyEffect(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  type: VerifyKind,
  column: keyof UserRow,
  pkce: boolean,
): Promise<VerifyOutcome> {
  switch (type) {
    case 'signup':
    case 'invite':
    case 'magiclink':
    case 'recovery':
      await confirmEmail(q, user.id);
      break;
    case 'sms':
      await confirmPhone(q, user.id);
      break;
    case 'phone_change': {
      const phone = user.phone_change ?? '';
      await q.query(
        `update auth.users set phone = $2, phone_change = '', phone_confirmed_at = now(), is_anonymous = false, updated_at = now() where id = $1`,
        [user.id, phone],
      );
      await insertIdentity(q, {
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        data: { sub: user.id, phone, phone_verified: true },
      });
      await refreshProviders(q, user.id);
      break;
    }
    case 'email_change': {
      const secure = ctx.config.secureEmailChange && user.email && user.email !== '' && !user.is_anonymous;
      const status = user.email_change_confirm_status ?? 0;
      if (secure && status === 0) {
        await q.query(
          `update auth.users set email_change_confirm_status = 1, ${String(column)} = '' where id = $1`,
          [user.id],
        );
        await q.query(
          'delete from auth.one_time_tokens where user_id = $1 and token_type = $2::auth.one_time_token_type',
          [user.id, column],
        );
        return {
          done: false,
          user,
          type,
          pkce,
          message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email',
        };
      }
      const email = user.email_change ?? '';
      await q.query(
        `update auth.users set email = $2, email_change = '', email_change_confirm_status = 0, email_confirmed_at = now(),
            is_anonymous = false, updated_at = now() where id = $1`,
        [user.id, email],
      );
      await q.query(
        `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
         values ($1::text, $3::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email', now(), now(), now())
         on conflict (provider_id, provider) do update set identity_data = auth.identities.identity_data
           || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()`,
        [user.id, email, user.id],
      );
      await q.query(
        `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"provider": "email"}'::jsonb
          where id = $1 and not (coalesce(raw_app_meta_data, '{}'::jsonb) ? 'provider')`,
        [user.id],
      );
      await refreshProviders(q, user.id);
      break;
    }
    default:
      break;
  }
  await clearTokens(q, user.id);
  return { done: true, user: (await findUserById(q, user.id))!, type, pkce };
}
