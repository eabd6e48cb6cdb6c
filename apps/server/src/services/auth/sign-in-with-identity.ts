// Turns verified provider claims into a user: the identity's owner, or the user being
// linked, or an existing user with the same verified e-mail, or a new user.
import crypto from 'node:crypto';
import type { Queryable } from '../../database/database';
import type { AuthContext } from './auth-context';
import { AuthError } from './auth-errors';
import { confirmEmail } from './confirm-user';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  refreshProviders,
  type UserRow,
} from './user-records';

export function identityData(claims: Record<string, unknown>, issuer: string): Record<string, unknown> {
  const data: Record<string, unknown> = { iss: issuer, sub: claims.sub, provider_id: claims.sub };
  for (const key of [
    'email',
    'email_verified',
    'phone_verified',
    'name',
    'full_name',
    'picture',
    'preferred_username',
    'locale',
  ]) {
    if (claims[key] !== undefined) data[key] = claims[key];
  }
  if (typeof claims.picture === 'string') data.avatar_url = claims.picture;
  if (typeof claims.name === 'string' && data.full_name === undefined) data.full_name = claims.name;
  if (typeof data.email === 'string') data.email = data.email.toLowerCase();
  return data;
}

export async function userForIdentity(
  ctx: AuthContext,
  q: Queryable,
  provider: string,
  data: Record<string, unknown>,
  linkingTargetId: string | null,
): Promise<UserRow> {
  const subject = String(data.sub);
  const email = typeof data.email === 'string' ? data.email : undefined;
  const verified = data.email_verified === true || data.email_verified === 'true';
  const { rows } = await q.query<{ user_id: string }>(
    'select user_id from auth.identities where provider = $1 and provider_id = $2',
    [provider, subject],
  );
  const owner = rows[0]?.user_id;
  if (linkingTargetId) {
    if (owner)
      throw new AuthError(422, 'identity_already_exists', 'Identity is already linked to another user');
    await insertIdentity(q, { userId: linkingTargetId, provider, providerId: subject, data });
    await q.query(`update auth.users set is_anonymous = false, updated_at = now() where id = $1`, [
      linkingTargetId,
    ]);
    await refreshProviders(q, linkingTargetId);
    return (await findUserById(q, linkingTargetId))!;
  }
  if (owner) {
    await q.query(
      'update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now() where provider = $1 and provider_id = $2',
      [provider, subject, JSON.stringify(data)],
    );
    return (await findUserById(q, owner))!;
  }
  if (ctx.config.disableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const existing = email && verified ? await findUserByEmail(q, email) : undefined;
  if (existing) {
    await insertIdentity(q, { userId: existing.id, provider, providerId: subject, data });
    await refreshProviders(q, existing.id);
    if (!existing.email_confirmed_at) await confirmEmail(q, existing.id);
    return (await findUserById(q, existing.id))!;
  }
  if (email && !verified && !ctx.config.mailerAutoconfirm) {
    throw new AuthError(422, 'provider_email_needs_verification', 'Unverified email with ' + provider);
  }
  const id = crypto.randomUUID();
  const user = await insertUser(q, {
    id,
    email: email ?? null,
    appMetadata: { provider, providers: [provider] },
    userMetadata: data,
    emailConfirmed: email !== undefined,
  });
  await insertIdentity(q, { userId: user.id, provider, providerId: subject, data });
  return user;
}
