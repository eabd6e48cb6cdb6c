// POST /admin/generate_link: makes the link and code of an auth mail without sending it.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { invitedUser } from './admin-invite';
import { assertStrongPassword, hashPassword } from './passwords';
import { pickRedirect } from './redirect-target';
import { requireAdmin } from './require-user';
import { normaliseEmail, optionalObject, optionalString, readBody } from './request-body';
import { issueEmailToken, type EmailTokenRequest } from './send-auth-message';
import { mergeMetadata } from './update-user';
import {
  findUserByEmail,
  findUserById,
  insertIdentity,
  insertUser,
  loadRenderedUser,
  type UserRow,
} from './user-records';

const types = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

export async function adminGenerateLink(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  await requireAdmin(ctx, c);
  const body = await readBody(c);
  const type = optionalString(body, 'type') ?? '';
  if (!types.includes(type)) throw validation(`Invalid email action link type requested: ${type}`);
  const rawEmail = optionalString(body, 'email');
  if (!rawEmail) throw validation('Email is required');
  const email = normaliseEmail(rawEmail);
  const data = optionalObject(body, 'data') ?? {};
  const password = optionalString(body, 'password');
  const rawNew = optionalString(body, 'new_email');
  const newEmail = rawNew ? normaliseEmail(rawNew) : undefined;
  const redirectTo = pickRedirect(ctx, optionalString(body, 'redirect_to'), c.req.query('redirect_to'));
  if (type.startsWith('email_change')) {
    if (!newEmail) throw validation('The new email address is required');
    if (type === 'email_change_current' && !ctx.config.secureEmailChange)
      throw validation('Secure email change is disabled');
    if (await findUserByEmail(ctx.deps.db, newEmail)) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
  }
  if (type === 'signup') {
    if (!password) throw validation('Signup requires a valid password');
    assertStrongPassword(
      { minLength: ctx.config.passwordMinLength, requiredCharacters: ctx.config.passwordRequiredCharacters },
      password,
    );
  }
  const existing = await findUserByEmail(ctx.deps.db, email);
  const effective = type === 'magiclink' && !existing ? 'signup' : type;
  const hashed =
    effective === 'signup' && !existing
      ? await hashPassword(password ?? crypto.randomBytes(32).toString('base64url'))
      : undefined;

  const result = await authTransaction(ctx, async (q) => {
    let user: UserRow | undefined = await findUserByEmail(q, email);
    let request: Omit<EmailTokenRequest, 'redirectTo' | 'pkce' | 'deliver' | 'checkFrequency' | 'pageLocale'>;
    switch (effective) {
      case 'signup': {
        if (user?.email_confirmed_at)
          throw new AuthError(
            422,
            'email_exists',
            'A user with this email address has already been registered',
          );
        if (user) {
          await q.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [
            user.id,
            JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
          ]);
        } else {
          const id = crypto.randomUUID();
          // user_metadata is exactly the data given; the identity carries the address claims.
          user = await insertUser(q, {
            id,
            email,
            encryptedPassword: hashed ?? null,
            appMetadata: { provider: 'email', providers: ['email'] },
            userMetadata: data,
          });
          await insertIdentity(q, {
            userId: id,
            provider: 'email',
            providerId: id,
            data: { ...data, sub: id, email, email_verified: false, phone_verified: false },
          });
        }
        request = {
          kind: 'signup',
          email,
          column: 'confirmation_token',
          sentAtColumn: 'confirmation_sent_at',
          verifyType: 'signup',
        };
        break;
      }
      case 'invite':
        user = await invitedUser(q, email, data);
        request = {
          kind: 'invite',
          email,
          column: 'confirmation_token',
          sentAtColumn: 'confirmation_sent_at',
          verifyType: 'invite',
        };
        break;
      case 'magiclink':
      case 'recovery':
        if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
        request = {
          kind: effective,
          email,
          column: 'recovery_token',
          sentAtColumn: 'recovery_sent_at',
          verifyType: effective,
        };
        break;
      default: {
        if (!user) throw new AuthError(404, 'user_not_found', 'User with this email not found');
        await q.query(
          'update auth.users set email_change = $2, email_change_confirm_status = 0 where id = $1',
          [user.id, newEmail],
        );
        const current = effective === 'email_change_current';
        request = {
          kind: current ? 'email_change_current' : 'email_change_new',
          email: current ? email : newEmail!,
          column: current ? 'email_change_token_current' : 'email_change_token_new',
          sentAtColumn: 'email_change_sent_at',
          verifyType: 'email_change',
          newEmail,
        };
      }
    }
    const issued = await issueEmailToken(ctx, q, user, {
      ...request,
      redirectTo,
      pkce: false,
      deliver: false,
      checkFrequency: false,
      pageLocale: undefined,
    });
    const rendered = await loadRenderedUser(q, (await findUserById(q, user.id))!);
    return {
      ...rendered,
      action_link: issued.actionLink,
      email_otp: issued.otp,
      hashed_token: issued.hashedToken,
      verification_type: request.verifyType,
      redirect_to: redirectTo,
    };
  });
  return c.json(result, 200);
}
