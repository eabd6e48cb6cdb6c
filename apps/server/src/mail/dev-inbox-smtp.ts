// The development inbox as an SMTP server on loopback (decision 1020). Edge functions send
// mail with plain SMTP, as they must on hosted Supabase; without SMTP_URL the platform gives
// them an SMTP_URL pointing here, so their mail lands in the same inbox as the server's own.
// The listener takes only loopback connections that log in with the inbox's secret: a
// process on the machine without it cannot fill the inbox. Each message is parsed (subject,
// text, HTML, attachment names) and stored once per recipient of the envelope.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';
import type { DevInbox } from './dev-inbox';

export interface DevInboxSmtp {
  /** smtp://inbox:<secret>@127.0.0.1:<port>, for the functions' SMTP_URL. */
  url: string;
  close(): Promise<void>;
}

/** The user name of the listener's one login; the password is the inbox's secret. */
const inboxUser = 'inbox';
/** Larger than any invoice PDF the functions attach; a bigger message is refused with 552. */
const maxMessageBytes = 25 * 1024 * 1024;

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function startDevInboxSmtp(options: {
  inbox: DevInbox;
  secret: string;
  logger: Logger;
  onMail?: (outcome: 'sent' | 'failed') => void;
}): Promise<DevInboxSmtp> {
  const { inbox, secret, logger } = options;
  const smtp = new SMTPServer({
    // Loopback only and never leaving the machine, so no TLS; the login still keeps other
    // local processes out.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: maxMessageBytes,
    banner: 'club platform development inbox',
    logger: false,
    onConnect(session, callback) {
      const address = session.remoteAddress.replace(/^::ffff:/, '');
      if (address === '127.0.0.1' || address === '::1') return callback();
      callback(Object.assign(new Error('Only local connections'), { responseCode: 554 }));
    },
    onAuth(auth, _session, callback) {
      if (auth.username === inboxUser && auth.password === secret) return callback(null, { user: inboxUser });
      callback(Object.assign(new Error('Invalid login'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      void (async () => {
        const raw = await readStream(stream);
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          throw Object.assign(new Error('Message too large'), { responseCode: 552 });
        }
        const parsed = await PostalMime.parse(raw);
        const attachments = parsed.attachments.map((a) => a.filename ?? a.mimeType).join(', ');
        const meta: Record<string, string> = { via: 'smtp', from: parsed.from?.address ?? '' };
        if (attachments) meta.attachments = attachments;
        for (const recipient of session.envelope.rcptTo) {
          await inbox.deliver({
            channel: 'email',
            to: recipient.address,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            meta,
          });
        }
      })().then(
        () => {
          options.onMail?.('sent');
          callback();
        },
        (error: unknown) => {
          options.onMail?.('failed');
          logger.warn({ err: error }, 'the development inbox could not keep a mail');
          callback(error instanceof Error ? error : new Error(String(error)));
        },
      );
    },
  });
  // A client dropping its connection mid-message is the sender's failure to report.
  smtp.on('error', (error) => logger.debug({ err: error }, 'development inbox SMTP connection failed'));
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => {
      smtp.server.off('error', reject);
      resolve();
    });
  });
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://${inboxUser}:${encodeURIComponent(secret)}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
