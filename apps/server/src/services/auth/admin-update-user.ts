// PUT /admin/users/{id}: applies changes at once, without confirmation mails.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError } from './auth-errors';
import { adminTargetUser } from './admin-get-user';
import { readAdminUserFields } from './admin-user-fields';
import { clientIp } from './client-ip';
import { confirmEmail, confirmPhone } from './confirm-user';
import { clearTokens } from './one-time-tokens';
import { assertStrongPassword, hashPassword } from './passwords';
import { readBody } from './request-body';
import { mergeMetadata } from './update-user';
import { findUserById, insertIdentity, loadRenderedUser, refreshProviders } from './user-records';

export async function adminUpdateUser(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  const fields = readAdminUserFields(await readBody(c));
  if (fields.password) {
    assertStrongPassword(
      { minLength: ctx.config.passwordMinLength, requiredCharacters: ctx.config.passwordRequiredCharacters },
      fields.password,
    );
  }
  const db = ctx.deps.db;
  if (fields.email && fields.email !== user.email) {
    const { rows } = await db.query(
      'select 1 from auth.users where email = $1 and id <> $2 and is_sso_user = false',
      [fields.email, user.id],
    );
    if (rows.length > 0)
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (fields.phone && fields.phone !== user.phone) {
    const { rows } = await db.query('select 1 from auth.users where phone = $1 and id <> $2', [
      fields.phone,
      user.id,
    ]);
    if (rows.length > 0)
      throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
  }
  const newHash = fields.password ? await hashPassword(fields.password) : undefined;
  const rendered = await authTransaction(ctx, async (q) => {
    if (fields.role) await q.query('update auth.users set role = $2 where id = $1', [user.id, fields.role]);
    if (fields.email && fields.email !== user.email) {
      await q.query(`update auth.users set email = $2, email_change = '', updated_at = now() where id = $1`, [
        user.id,
        fields.email,
      ]);
      await q.query(`delete from auth.identities where user_id = $1 and provider = 'email'`, [user.id]);
      await insertIdentity(q, {
        userId: user.id,
        provider: 'email',
        providerId: user.id,
        data: { sub: user.id, email: fields.email, email_verified: false, phone_verified: false },
      });
      await refreshProviders(q, user.id);
    }
    if (fields.phone && fields.phone !== user.phone) {
      await q.query(`update auth.users set phone = $2, phone_change = '', updated_at = now() where id = $1`, [
        user.id,
        fields.phone,
      ]);
      await q.query(`delete from auth.identities where user_id = $1 and provider = 'phone'`, [user.id]);
      await insertIdentity(q, {
        userId: user.id,
        provider: 'phone',
        providerId: user.id,
        data: { sub: user.id, phone: fields.phone, email_verified: false, phone_verified: false },
      });
      await refreshProviders(q, user.id);
    }
    if (fields.emailConfirm) await confirmEmail(q, user.id);
    if (fields.phoneConfirm) await confirmPhone(q, user.id);
    if (newHash) {
      await q.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
        user.id,
        newHash,
      ]);
      await clearTokens(q, user.id);
      await q.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
    const current = (await findUserById(q, user.id))!;
    if (fields.userMetadata) {
      await q.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(current.raw_user_meta_data, fields.userMetadata)),
      ]);
    }
    if (fields.appMetadata) {
      await q.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(current.raw_app_meta_data, fields.appMetadata)),
      ]);
    }
    if (fields.banDuration === 'none')
      await q.query('update auth.users set banned_until = null where id = $1', [user.id]);
    else if (typeof fields.banDuration === 'number') {
      await q.query('update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1', [
        user.id,
        fields.banDuration,
      ]);
    }
    await q.query('update auth.users set updated_at = now() where id = $1', [user.id]);
    await audit(q, {
      action: 'user_modified',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip: clientIp(ctx, c),
      logType: 'user',
      traits: { via: 'admin' },
    });
    return loadRenderedUser(q, (await findUserById(q, user.id))!);
  });
  return c.json(rendered, 200);
}
