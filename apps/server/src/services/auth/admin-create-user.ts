// POST /admin/users: creates a user directly; no mail is sent and strength is not checked.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { clientIp } from './client-ip';
import { readAdminUserFields } from './admin-user-fields';
import { assertPasswordLength, hashPassword } from './passwords';
import { requireAdmin } from './require-user';
import { isUuid, optionalString, readBody } from './request-body';
import {
  findUserByEmail,
  findUserById,
  findUserByPhone,
  insertIdentity,
  insertUser,
  loadRenderedUser,
} from './user-records';

export async function adminCreateUser(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await requireAdmin(ctx, c);
  const body = await readBody(c);
  const fields = readAdminUserFields(body);
  const id = optionalString(body, 'id') ?? crypto.randomUUID();
  if (!isUuid(id) || id === '00000000-0000-0000-0000-000000000000')
    throw validation('id must be a valid UUID');
  const passwordHash = optionalString(body, 'password_hash');
  if (!fields.email && !fields.phone)
    throw validation('Cannot create a user without either an email or phone');
  if (fields.password && passwordHash)
    throw validation('Only a password or a password hash should be provided');
  if (passwordHash && !/^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/.test(passwordHash))
    throw validation('Invalid password hash format');
  if (fields.password) assertPasswordLength(fields.password);
  const db = ctx.deps.db;
  if (fields.email && (await findUserByEmail(db, fields.email))) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (fields.phone && (await findUserByPhone(db, fields.phone))) {
    throw new AuthError(422, 'phone_exists', 'A user with this phone number has already been registered');
  }
  const encrypted =
    passwordHash ?? (await hashPassword(fields.password || crypto.randomBytes(48).toString('base64url')));
  const providers = [...(fields.email ? ['email'] : []), ...(fields.phone ? ['phone'] : [])];
  const rendered = await authTransaction(ctx, async (q) => {
    const userMetadata = { ...(fields.userMetadata ?? {}) };
    await insertUser(q, {
      id,
      role: fields.role,
      email: fields.email ?? null,
      phone: fields.phone ?? null,
      encryptedPassword: encrypted,
      appMetadata: { provider: providers[0], providers, ...(fields.appMetadata ?? {}) },
      userMetadata,
      emailConfirmed: fields.emailConfirm === true,
      phoneConfirmed: fields.phoneConfirm === true,
    });
    if (fields.email) {
      await insertIdentity(q, {
        userId: id,
        provider: 'email',
        providerId: id,
        data: {
          sub: id,
          email: fields.email,
          email_verified: fields.emailConfirm === true,
          phone_verified: false,
        },
      });
    }
    if (fields.phone) {
      await insertIdentity(q, {
        userId: id,
        provider: 'phone',
        providerId: id,
        data: {
          sub: id,
          phone: fields.phone,
          email_verified: false,
          phone_verified: fields.phoneConfirm === true,
        },
      });
    }
    if (typeof fields.banDuration === 'number') {
      await q.query(`update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1`, [
        id,
        fields.banDuration,
      ]);
    }
    await audit(q, {
      action: 'user_signedup',
      actorId: id,
      actorUsername: fields.email ?? fields.phone,
      ip: clientIp(ctx, c),
      logType: 'team',
      traits: { via: 'admin' },
    });
    const fresh = (await findUserById(q, id))!;
    return loadRenderedUser(q, fresh);
  });
  return c.json(rendered, 200);
}
