// One-time codes and link tokens: a uniformly random numeric OTP, stored only as
// hex(sha224(email-or-phone + otp)) in the user's column and in auth.one_time_tokens.
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';

export type TokenColumn =
  | 'confirmation_token'
  | 'recovery_token'
  | 'email_change_token_new'
  | 'email_change_token_current'
  | 'phone_change_token'
  | 'reauthentication_token';

export function generateOtp(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += crypto.randomInt(0, 10).toString();
  return out;
}

export function tokenHash(subject: string, otp: string): string {
  return crypto
    .createHash('sha224')
    .update(subject + otp)
    .digest('hex');
}

/** Stores a token (hash, optionally with the pkce_ prefix) in the user's column and the lookup table. */
export async function storeToken(
  q: Queryable,
  userId: string,
  column: TokenColumn,
  storedHash: string,
  relatesTo: string,
  sentAtColumn: string | undefined,
): Promise<void> {
  const sentAt = sentAtColumn ? `, ${sentAtColumn} = now()` : '';
  await q.query(`update auth.users set ${column} = $2${sentAt}, updated_at = now() where id = $1`, [
    userId,
    storedHash,
  ]);
  await q.query(
    `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
     values (gen_random_uuid(), $1, $2::auth.one_time_token_type, $3, $4)
     on conflict (user_id, token_type) do update set token_hash = excluded.token_hash,
       relates_to = excluded.relates_to, updated_at = now()`,
    [userId, column, storedHash, relatesTo],
  );
}

/** Clears every pending token of a user (after any verification or password change). */
export async function clearTokens(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set confirmation_token = '', recovery_token = '', email_change_token_new = '',
        email_change_token_current = '', phone_change_token = '', reauthentication_token = ''
      where id = $1`,
    [userId],
  );
  await q.query('delete from auth.one_time_tokens where user_id = $1', [userId]);
}

/** Constant-time check of a presented hash against a stored one (with or without pkce_). */
export function matchesStored(stored: string | null | undefined, presented: string): boolean {
  if (!stored) return false;
  const candidates = [stored, stored.startsWith('pkce_') ? stored.slice(5) : undefined];
  return candidates.some((c) => {
    if (c === undefined || c.length !== presented.length) return false;
    return crypto.timingSafeEqual(Buffer.from(c), Buffer.from(presented));
  });
}
