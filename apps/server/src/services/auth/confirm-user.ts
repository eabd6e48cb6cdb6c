// Marking an e-mail address or phone number as confirmed, on the user and its identity.
import type { Queryable } from '../../database/database';

export async function confirmEmail(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false,
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb,
        updated_at = now()
      where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

export async function confirmPhone(q: Queryable, userId: string): Promise<void> {
  await q.query(
    `update auth.users set phone_confirmed_at = coalesce(phone_confirmed_at, now()), is_anonymous = false,
        raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"phone_verified": true}'::jsonb,
        updated_at = now()
      where id = $1`,
    [userId],
  );
  await q.query(
    `update auth.identities set identity_data = identity_data || '{"phone_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'phone'`,
    [userId],
  );
}
