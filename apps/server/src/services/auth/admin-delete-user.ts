// DELETE /admin/users/{id}: hard delete (cascading) or soft delete (obfuscated, kept).
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { adminTargetUser } from './admin-get-user';
import { clientIp } from './client-ip';
import { optionalBoolean, readBody } from './request-body';

export async function adminDeleteUser(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const user = await adminTargetUser(ctx, c);
  const soft = optionalBoolean(await readBody(c), 'should_soft_delete') ?? false;
  await authTransaction(ctx, async (q) => {
    if (soft) {
      const obfuscate = (v: string | null) =>
        v ? crypto.createHash('sha256').update(`${user.id}${v}`).digest('hex') : null;
      await q.query(
        `update auth.users set email = $2, phone = $3, encrypted_password = '', confirmation_token = '', recovery_token = '',
            email_change_token_new = '', email_change_token_current = '', phone_change_token = '', reauthentication_token = '',
            raw_user_meta_data = '{}'::jsonb, raw_app_meta_data = '{}'::jsonb, deleted_at = now(), updated_at = now()
          where id = $1`,
        [user.id, obfuscate(user.email), obfuscate(user.phone)],
      );
      await q.query(
        `update auth.identities set identity_data = '{}'::jsonb, provider_id = encode(sha256(convert_to(user_id::text || provider_id, 'utf8')), 'hex')
          where user_id = $1`,
        [user.id],
      );
      await q.query('delete from auth.mfa_factors where user_id = $1', [user.id]);
      await q.query('delete from auth.sessions where user_id = $1', [user.id]);
      await q.query('delete from auth.one_time_tokens where user_id = $1', [user.id]);
    } else {
      await q.query('delete from auth.users where id = $1', [user.id]);
    }
    await audit(q, {
      action: 'user_deleted',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip: clientIp(ctx, c),
      logType: 'team',
      traits: { soft },
    });
  });
  return c.json({}, 200);
}
