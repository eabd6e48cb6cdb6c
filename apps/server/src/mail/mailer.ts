// Outgoing messages: the Mailer (SMTP or the development inbox) and the SmsSender
// (a JSON webhook or the development inbox). Kept free of auth knowledge so functions
// (e.g. send-welcome-email) send through the same port.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (e.g. List-Unsubscribe); the SMTP mailer sends them as given. */
  headers?: Record<string, string>;
  /** Facts tests and the inbox page show beside the message (link, code, type). */
  meta?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-inbox' | 'disabled';
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export interface SmsMessage {
  to: string;
  body: string;
  meta?: Record<string, string>;
}

export interface SmsSender {
  readonly kind: 'webhook' | 'dev-inbox' | 'disabled';
  /** Resolves to the provider's message id when it returns one. */
  send(message: SmsMessage): Promise<{ messageId?: string }>;
}

/** Raised when a message could not be handed over; the cause is for logs only. */
export class DeliveryError extends Error {
  override readonly name = 'DeliveryError';
}
