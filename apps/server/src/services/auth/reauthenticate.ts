// GET /reauthenticate (brief §7.9): sends a code that PUT /user accepts as `nonce`.
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { audit } from './audit-log';
import type { AuthContext } from './auth-context';
import { authTransaction } from './auth-transaction';
import { AuthError, validation } from './auth-errors';
import { clientIp } from './client-ip';
import { requireUser } from './require-user';
import { issueEmailToken, issueSmsToken } from './send-auth-message';
import { pageLocale } from './mail-locale';

export async function reauthenticate(ctx: AuthContext, c: Context<AppEnv>): Promise<Response> {
  const auth = await requireUser(ctx, c);
  const user = auth.user;
  if (!user.email && !user.phone)
    throw validation('Reauthentication requires the user to have an email or a phone number');
  if (user.email && !user.email_confirmed_at)
    throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
  if (!user.email && user.phone && !user.phone_confirmed_at)
    throw new AuthError(422, 'phone_not_confirmed', 'Please verify your phone first.');
  const result = await authTransaction(ctx, async (q) => {
    await audit(q, {
      action: 'user_reauthenticate_requested',
      actorId: user.id,
      actorUsername: user.email ?? '',
      ip: clientIp(ctx, c),
      logType: 'user',
    });
    if (user.email) {
      await issueEmailToken(ctx, q, user, {
        kind: 'reauthentication',
        email: user.email,
        column: 'reauthentication_token',
        sentAtColumn: 'reauthentication_sent_at',
        verifyType: undefined,
        redirectTo: ctx.siteUrl,
        pkce: false,
        deliver: true,
        checkFrequency: true,
        pageLocale: pageLocale(c, undefined),
      });
      return {};
    }
    const sent = await issueSmsToken(ctx, q, user, {
      phone: user.phone!,
      column: 'reauthentication_token',
      sentAtColumn: 'reauthentication_sent_at',
      checkFrequency: true,
    });
    return sent;
  });
  return c.json(result, 200);
}
