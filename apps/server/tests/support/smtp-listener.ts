// A real SMTP listener on a free local port for tests that follow a mail: keeps every
// message with its recipients, its headers' encoded words and its quoted-printable body decoded.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpListener {
  url: string;
  mails: ReceivedMail[];
  /** Waits for a mail to an address (and matching `match`), up to `timeoutMs`. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The message as text: encoded-word headers and the quoted-printable body decoded as UTF-8. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = (text: string) =>
    Buffer.from(
      text.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const blank = raw.search(/\r?\n\r?\n/);
  const split = blank < 0 ? raw.length : blank;
  const headers = raw
    .slice(0, split)
    // Whitespace (a folded line included) between two encoded words is not part of the text.
    .replace(/(\?=)\s+(?==\?UTF-8\?)/gi, '$1')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : bytes(text.replace(/_/g, ' ')),
    );
  return headers + bytes(raw.slice(split).replace(/=\r?\n/g, ''));
}

/** The first link in a mail to the auth service's verify endpoint, with &amp; undone. */
export function verifyLink(mail: ReceivedMail): string {
  const link = /(https?:\/\/[^\s"<]+\/auth\/v1\/verify\?[^\s"<]+)/.exec(mail.raw)?.[1];
  if (!link) throw new Error(`no verify link in the mail:\n${mail.raw}`);
  return link.replace(/&amp;/g, '&');
}

export interface SmtpListenerOptions {
  /** Recipients the server refuses with 550, as a mail server refuses an unknown mailbox. */
  refuse?: (address: string) => boolean;
  /** How long the server takes to accept each message, as a distant mail server does. */
  acceptDelayMs?: number;
}

export async function startSmtpListener(options: SmtpListenerOptions = {}): Promise<SmtpListener> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!options.refuse?.(address.address)) return callback();
      const refusal = new Error('No such mailbox') as Error & { responseCode: number };
      refusal.responseCode = 550;
      callback(refusal);
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: decodeQuotedPrintable(raw) });
        setTimeout(() => callback(), options.acceptDelayMs ?? 0);
      });
    },
  });
  // A client that drops its connection mid-message makes the server emit 'error'; unheard,
  // that would end the test process. The sender's side reports its own failure, and tests
  // judge by the mails that arrived.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, match = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
