// Sends mail through an SMTP server given as smtp://user:pass@host:port (smtps:// for TLS).
import nodemailer from 'nodemailer';
import { DeliveryError, type Mailer } from './mailer';

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } catch (error) {
        throw new DeliveryError(
          `SMTP delivery failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    async close() {
      transport.close();
    },
  };
}
