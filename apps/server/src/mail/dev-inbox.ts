// The development inbox: mail and SMS kept in the database table mail.dev_inbox (so every
// server instance and every sender share it) instead of leaving the machine. The auth
// service serves it as a page and a JSON API; it is never used in production.
import type { Queryable } from '../database/database';
import type { Mailer, SmsSender } from './mailer';

export interface InboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  text: string;
  html: string;
  meta: Record<string, string>;
  created_at: string;
}

export class DevInbox {
  constructor(private readonly db: Queryable) {}

  async deliver(message: Omit<InboxMessage, 'id' | 'created_at'>): Promise<string> {
    const { rows } = await this.db.query<{ id: string }>(
      `insert into mail.dev_inbox (channel, recipient, subject, body_text, body_html, meta)
       values ($1, $2, $3, $4, $5, $6::jsonb) returning id::text`,
      [
        message.channel,
        message.to,
        message.subject,
        message.text,
        message.html,
        JSON.stringify(message.meta),
      ],
    );
    return rows[0]!.id;
  }

  /** Newest first; `to` filters by recipient (case-insensitive). */
  async list(options: { to?: string; limit?: number } = {}): Promise<InboxMessage[]> {
    const { rows } = await this.db.query<Record<string, unknown>>(
      `select id::text, channel, recipient, subject, body_text, body_html, meta, created_at
         from mail.dev_inbox
        where $1::text is null or lower(recipient) = lower($1::text)
        order by created_at desc, seq desc
        limit $2`,
      [options.to ?? null, Math.min(Math.max(options.limit ?? 50, 1), 500)],
    );
    return rows.map((r) => ({
      id: String(r.id),
      channel: r.channel === 'sms' ? 'sms' : 'email',
      to: String(r.recipient),
      subject: String(r.subject),
      text: String(r.body_text),
      html: String(r.body_html),
      meta: (r.meta ?? {}) as Record<string, string>,
      created_at: new Date(String(r.created_at)).toISOString(),
    }));
  }

  async clear(): Promise<void> {
    await this.db.query('delete from mail.dev_inbox');
  }

  mailer(): Mailer {
    return {
      kind: 'dev-inbox',
      send: async (m) => {
        await this.deliver({
          channel: 'email',
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          meta: m.meta ?? {},
        });
      },
    };
  }

  smsSender(): SmsSender {
    return {
      kind: 'dev-inbox',
      send: async (m) => ({
        messageId: await this.deliver({
          channel: 'sms',
          to: m.to,
          subject: '',
          text: m.body,
          html: '',
          meta: m.meta ?? {},
        }),
      }),
    };
  }
}
