// Picks the transports from configuration: SMTP_URL / SMS_WEBHOOK_URL when set, else the
// development inbox. The inbox exists only outside production and without SMTP_URL: a
// server that sends real mail has no reason to keep a readable copy (sending then fails
// loudly instead of landing in it).
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
  /** Told of every mail the transport accepted or refused (the /metrics counters). */
  onMail?: (outcome: 'sent' | 'failed') => void;
}

export interface Messaging {
  mailer: Mailer;
  sms: SmsSender;
  /** The development inbox, or undefined in production or with SMTP_URL. */
  inbox: DevInbox | undefined;
}

/** Whether the development inbox is on: never in production, never beside a real SMTP server. */
export function devInboxEnabled(options: Pick<MessagingOptions, 'nodeEnv' | 'smtpUrl'>): boolean {
  return options.nodeEnv !== 'production' && !options.smtpUrl;
}

export function createMessaging(options: MessagingOptions): Messaging {
  const inbox = devInboxEnabled(options) ? new DevInbox(options.db) : undefined;
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
        send: () => Promise.reject(new DeliveryError('No SMS_WEBHOOK_URL configured')),
      });
  const onMail = options.onMail;
  if (!onMail) return { mailer, sms, inbox };
  const counted: Mailer = {
    kind: mailer.kind,
    close: mailer.close ? () => mailer.close!() : undefined,
    send: (message) =>
      mailer.send(message).then(
        (result) => {
          onMail('sent');
          return result;
        },
        (error: unknown) => {
          onMail('failed');
          throw error;
        },
      ),
  };
  return { mailer: counted, sms, inbox };
}
