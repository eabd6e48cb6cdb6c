// Picks the transports from configuration: SMTP_URL / SMS_WEBHOOK_URL when set, else the
// development inbox, which production never uses (sending then fails loudly instead).
import type { Queryable } from '../database/database';
import { DevInbox } from './dev-inbox';
import { DeliveryError, type Mailer, type SmsSender } from './mailer';
import { createSmtpMailer } from './smtp-mailer';
import { createWebhookSmsSender } from './webhook-sms-sender';

export interface MessagingOptions {
  nodeEnv: 'development' | 'production' | 'test';
  smtpUrl: string | undefined;
  mailFrom: string;
  smsWebhookUrl: string | undefined;
  db: Queryable;
}

export interface Messaging {
  mailer: Mailer;
  sms: SmsSender;
  /** The development inbox, or undefined in production. */
  inbox: DevInbox | undefined;
}

export function createMessaging(options: MessagingOptions): Messaging {
  const inbox = options.nodeEnv === 'production' ? undefined : new DevInbox(options.db);
  const mailer: Mailer = options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.mailFrom)
    : (inbox?.mailer() ?? {
        kind: 'disabled',
        send: () => Promise.reject(new DeliveryError('No SMTP_URL configured in production')),
      });
  const sms: SmsSender = options.smsWebhookUrl
    ? createWebhookSmsSender(options.smsWebhookUrl)
    : (inbox?.smsSender() ?? {
        kind: 'disabled',
        send: () => Promise.reject(new DeliveryError('No SMS_WEBHOOK_URL configured in production')),
      });
  return { mailer, sms, inbox };
}
