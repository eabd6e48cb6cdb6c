// Issues a one-time token for a user and delivers it: the e-mail (link + code, in the
// user's language) or the SMS code. Applies the per-user resend frequency and the
// hourly send limits.
import type { Queryable } from '../../database/database';
import { DeliveryError } from '../../mail/mailer';
import type { AuthContext } from './auth-context';
import { afterCommit } from './auth-transaction';
import { AuthError } from './auth-errors';
import { createFlowState, type PkceParams } from './pkce-flow';
import { mailLocale } from './mail-locale';
import { renderAuthMail, type MailKind, type MailLocale } from './mail-templates';
import { generateOtp, storeToken, tokenHash, type TokenColumn } from './one-time-tokens';
import { secondsSince, type UserRow } from './user-records';

export type VerifyType = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

export interface EmailTokenRequest {
  kind: MailKind;
  /** Where the mail goes and whose address the code hash is bound to. */
  email: string;
  column: TokenColumn;
  sentAtColumn:
    | 'confirmation_sent_at'
    | 'recovery_sent_at'
    | 'email_change_sent_at'
    | 'reauthentication_sent_at'
    | undefined;
  verifyType: VerifyType | undefined;
  redirectTo: string;
  pkce: boolean;
  /** False for admin/generate_link: the token is made but nothing is sent. */
  deliver: boolean;
  checkFrequency: boolean;
  newEmail?: string;
  /** The language of the page that asked (mail-locale.ts), when the user has no preference. */
  pageLocale: MailLocale | undefined;
}

export interface IssuedEmailToken {
  otp: string;
  hashedToken: string;
  actionLink: string | undefined;
}

export function verifyLink(ctx: AuthContext, token: string, type: VerifyType, redirectTo: string): string {
  const redirect = /[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo;
  return `${ctx.externalUrl}/verify?token=${token}&type=${type}&redirect_to=${redirect}`;
}

/** A send refused because the same user was sent the same kind of message moments ago. */
export class SendFrequencyError extends AuthError {}

export function assertSendFrequency(ctx: AuthContext, sentAt: string | null, channel: 'email' | 'sms'): void {
  const limit = channel === 'email' ? ctx.config.maxFrequency : ctx.config.smsMaxFrequency;
  const since = secondsSince(sentAt);
  if (since < limit) {
    const wait = Math.max(1, Math.ceil(limit - since));
    throw new SendFrequencyError(
      429,
      channel === 'email' ? 'over_email_send_rate_limit' : 'over_sms_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    );
  }
}

/**
 * True for a refused mail send that only an existing account can meet: the per-user
 * frequency and the hourly send limit. Answers about an address that could not exist for a
 * missing one (recover, otp) swallow these, so the status does not tell the two apart.
 */
export function isMailSendRefusal(error: unknown): boolean {
  return error instanceof AuthError && error.code === 'over_email_send_rate_limit';
}

/**
 * The notice a sign-up of an already confirmed address sends its owner, in place of the
 * confirmation a new address gets: the same mailer, send limit and delivery wait, so the
 * answer takes as long either way (nothing else tells the two apart). At most one per
 * AUTH_MAX_FREQUENCY per account; a repeat within it sends nothing, as a repeated sign-up of
 * a new (now unconfirmed) address does.
 */
export async function sendRepeatedSignupNotice(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  request: { email: string; redirectTo: string; pageLocale: MailLocale | undefined },
): Promise<void> {
  const first = await ctx.limits.takeOncePer(q, `signup-notice:${user.id}`, ctx.config.maxFrequency);
  if (!first) return;
  if (!ctx.config.mailerAutoconfirm) await ctx.limits.takeSend(q, 'email');
  const content = renderAuthMail('repeated_signup', mailLocale(ctx, user, request.pageLocale), {
    link: request.redirectTo,
    code: '',
    site: ctx.deps.config.appName,
    email: user.email ?? request.email,
  });
  await afterCommit(q, async () => {
    try {
      await ctx.mailer.send({ to: request.email, ...content, meta: { type: 'repeated_signup' } });
    } catch (error) {
      ctx.logger.error(
        { err: error instanceof DeliveryError ? error.message : error },
        'mail delivery failed',
      );
      throw new AuthError(500, 'unexpected_failure', failureMessage.signup);
    }
  });
}

const failureMessage: Record<MailKind, string> = {
  signup: 'Error sending confirmation email',
  invite: 'Error sending invite email',
  magiclink: 'Error sending magic link email',
  recovery: 'Error sending recovery email',
  email_change_current: 'Error sending email change email',
  email_change_new: 'Error sending email change email',
  reauthentication: 'Error sending reauthentication email',
  repeated_signup: 'Error sending confirmation email',
};

export async function issueEmailToken(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  request: EmailTokenRequest,
): Promise<IssuedEmailToken> {
  if (request.checkFrequency && request.sentAtColumn) {
    assertSendFrequency(ctx, user[request.sentAtColumn], 'email');
  }
  const otp = generateOtp(ctx.config.otpLength);
  const hashedToken = tokenHash(request.email, otp);
  const stored = request.pkce ? `pkce_${hashedToken}` : hashedToken;
  await storeToken(q, user.id, request.column, stored, request.email, request.sentAtColumn);
  const actionLink = request.verifyType
    ? verifyLink(ctx, stored, request.verifyType, request.redirectTo)
    : undefined;
  if (request.deliver) {
    if (!ctx.config.mailerAutoconfirm) await ctx.limits.takeSend(q, 'email');
    const content = renderAuthMail(request.kind, mailLocale(ctx, user, request.pageLocale), {
      link: actionLink,
      code: otp,
      site: ctx.deps.config.appName,
      email: user.email ?? request.email,
      newEmail: request.newEmail,
      ...(request.kind === 'invite' ? invitationNames(user.raw_user_meta_data) : {}),
    });
    await afterCommit(q, async () => {
      try {
        await ctx.mailer.send({
          to: request.email,
          ...content,
          meta: {
            type: request.kind,
            code: otp,
            ...(actionLink ? { link: actionLink } : {}),
            token_hash: stored,
          },
        });
      } catch (error) {
        ctx.logger.error(
          { err: error instanceof DeliveryError ? error.message : error },
          'mail delivery failed',
        );
        throw new AuthError(500, 'unexpected_failure', failureMessage[request.kind]);
      }
    });
  }
  return { otp, hashedToken, actionLink };
}

export async function issueSmsToken(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  request: {
    phone: string;
    column: 'confirmation_token' | 'phone_change_token' | 'reauthentication_token';
    sentAtColumn: 'confirmation_sent_at' | 'phone_change_sent_at' | 'reauthentication_sent_at';
    checkFrequency: boolean;
  },
): Promise<SmsReceipt> {
  if (request.checkFrequency) assertSendFrequency(ctx, user[request.sentAtColumn], 'sms');
  await ctx.limits.takeSend(q, 'sms');
  const otp = generateOtp(ctx.config.otpLength);
  await storeToken(
    q,
    user.id,
    request.column,
    tokenHash(request.phone, otp),
    request.phone,
    request.sentAtColumn,
  );
  const locale = mailLocale(ctx, user);
  const body = locale === 'da' ? `Din kode er ${otp}` : `Your code is ${otp}`;
  const receipt: SmsReceipt = {};
  await afterCommit(q, async () => {
    try {
      const sent = await ctx.sms.send({
        to: `+${request.phone}`,
        body,
        meta: { code: otp, type: request.column },
      });
      if (sent.messageId) receipt.message_id = sent.messageId;
    } catch (error) {
      ctx.logger.error(
        { err: error instanceof DeliveryError ? error.message : error },
        'sms delivery failed',
      );
      throw new AuthError(422, 'sms_send_failed', 'Error sending SMS OTP');
    }
  });
  return receipt;
}

/** The answer body of an SMS send: {} or {message_id}, filled in once the SMS is handed over. */
export type SmsReceipt = { message_id?: string };

/** The sign-up confirmation mail (again), with a flow state when the client uses PKCE. */
export async function sendSignupConfirmation(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  request: {
    email: string;
    redirectTo: string;
    pkce: PkceParams | undefined;
    pageLocale: MailLocale | undefined;
  },
): Promise<void> {
  if (request.pkce) {
    await createFlowState(q, {
      userId: user.id,
      authenticationMethod: 'email/signup',
      providerType: 'email',
      pkce: request.pkce,
    });
  }
  await issueEmailToken(ctx, q, user, {
    kind: 'signup',
    email: request.email,
    column: 'confirmation_token',
    sentAtColumn: 'confirmation_sent_at',
    verifyType: 'signup',
    redirectTo: request.redirectTo,
    pkce: request.pkce !== undefined,
    deliver: true,
    checkFrequency: true,
    pageLocale: request.pageLocale,
  });
}

/**
 * The e-mail change mails: to the new address always, and to the current one too when
 * secure e-mail change asks both to confirm. The user row carries the pending address.
 */
export async function sendEmailChange(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow & { email_change: string },
  request: { redirectTo: string; pkce: PkceParams | undefined; pageLocale: MailLocale | undefined },
): Promise<void> {
  if (request.pkce) {
    await createFlowState(q, {
      userId: user.id,
      authenticationMethod: 'email_change',
      providerType: 'email',
      pkce: request.pkce,
    });
  }
  const common = {
    verifyType: 'email_change',
    redirectTo: request.redirectTo,
    pkce: request.pkce !== undefined,
    deliver: true,
    newEmail: user.email_change,
    pageLocale: request.pageLocale,
  } as const;
  await issueEmailToken(ctx, q, user, {
    ...common,
    kind: 'email_change_new',
    email: user.email_change,
    column: 'email_change_token_new',
    sentAtColumn: 'email_change_sent_at',
    checkFrequency: true,
  });
  if (ctx.config.secureEmailChange && user.email) {
    await issueEmailToken(ctx, q, user, {
      ...common,
      kind: 'email_change_current',
      email: user.email,
      column: 'email_change_token_current',
      sentAtColumn: undefined,
      checkFrequency: false,
    });
  }
}

/** The phone confirmation code by SMS, at most once per SMS frequency window. */
export function sendPhoneConfirmation(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  phone: string,
): Promise<SmsReceipt> {
  return issueSmsToken(ctx, q, user, {
    phone,
    column: 'confirmation_token',
    sentAtColumn: 'confirmation_sent_at',
    checkFrequency: true,
  });
}

/** The community and inviter an invitation names, from the metadata the inviter set. */
function invitationNames(metadata: Record<string, unknown> | null): { community?: string; inviter?: string } {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  return { community: text(metadata?.invited_to), inviter: text(metadata?.invited_by) };
}
