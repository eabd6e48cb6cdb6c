// POST /invite: creates (or reuses an unconfirmed) user and mails an invite link.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { Queryable } from '../../database/database';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { clientIp } from './client-ip';
import { redirectTarget } from './redirect-target';
import { requireAdmin } from './require-user';
import { normaliseEmail, optionalObject, optionalString, readBody } from './request-body';
import { issueEmailToken } from './send-auth-message';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  loadRenderedUser,
  type UserRow,
} from './user-records';
import { pageLocale } from './mail-locale';

/** The invited user: an existing unconfirmed one, or a new one with an e-mail identity. */
export async function invitedUser(
  q: Queryable,
  email: string,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const existing = await findUserByEmail(q, email);
  if (existing?.email_confirmed_at) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  if (existing) {
    // As GoTrue does, the new invitation's data is merged into the metadata (so the mail names
    // the community of this invitation, not of an earlier one).
    await q.query(
      `update auth.users set invited_at = now(),
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb
        where id = $1`,
      [existing.id, JSON.stringify(data)],
    );
    return (await findUserById(q, existing.id))!;
  }
  const id = crypto.randomUUID();
  const identityData = { ...data, sub: id, email, email_verified: false, phone_verified: false };
  const user = await insertUser(q, {
    id,
    email,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: data,
    invited: true,
  });
  await insertIdentity(q, { userId: id, provider: 'email', providerId: id, data: identityData });
  return user;
}

export async function adminInvite(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await requireAdmin(ctx, c);
  const body = await readBody(c);
  const raw = optionalString(body, 'email');
  if (!raw) throw validation('Invite requires an email address');
  const email = normaliseEmail(raw);
  const data = optionalObject(body, 'data') ?? {};
  const redirectTo = redirectTarget(ctx, c);
  const rendered = await authTransaction(ctx, async (q) => {
    const user = await invitedUser(q, email, data);
    await issueEmailToken(ctx, q, user, {
      kind: 'invite',
      email,
      column: 'confirmation_token',
      sentAtColumn: 'confirmation_sent_at',
      verifyType: 'invite',
      redirectTo,
      pkce: false,
      deliver: true,
      checkFrequency: false,
      pageLocale: pageLocale(c, redirectTo),
    });
    await audit(q, {
      action: 'user_invited',
      actorId: user.id,
      actorUsername: email,
      ip: clientIp(ctx, c),
      logType: 'team',
    });
    return loadRenderedUser(q, (await findUserById(q, user.id))!);
  });
  return c.json(rendered, 200);
}
