// Sends the group welcome e-mails the database queued for joins no administrator's screen
// sends (a member joining from the member app, or an approval the screen did not send;
// docs/decisions/0883): claims what is due, sends each through the server's mailer and
// records the outcome, until nothing is due. Several instances may run it (SKIP LOCKED).
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import type { Mailer, MailMessage } from '../mail/mailer';
import { startTicker, type Ticker } from './ticker';

interface WelcomeRow {
  group_member_id: string;
  email: string | null;
  full_name: string | null;
  subject: string;
  body: string;
  community_name: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The welcome text as it is (plain), and as HTML paragraphs of its escaped words. */
export function composeWelcomeMail(row: WelcomeRow & { email: string }): MailMessage {
  const paragraphs = row.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return {
    to: row.email,
    subject: row.subject,
    text: `${row.body}\n\n— ${row.community_name}`,
    html: [
      ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
      `<p>— ${escapeHtml(row.community_name)}</p>`,
    ].join('\n'),
    meta: { type: 'group_welcome' },
  };
}

/** Sends what is due, batch after batch; answers how many mails were handed over or refused. */
export async function runGroupWelcomes(
  db: Database,
  mailer: Mailer,
  batch = 50,
): Promise<number | undefined> {
  const exists = await db.query<{ fn: string | null }>(
    "select to_regprocedure('app_private.claim_group_welcomes(integer)')::text as fn",
  );
  if (!exists.rows[0]?.fn) return undefined;
  let total = 0;
  for (;;) {
    const claimed = await db.query<WelcomeRow>('select * from app_private.claim_group_welcomes($1)', [batch]);
    for (const row of claimed.rows) {
      let error: string | null = null;
      if (!row.email) error = 'member_has_no_email';
      else {
        try {
          await mailer.send(composeWelcomeMail({ ...row, email: row.email }));
        } catch (e) {
          error = (e instanceof Error ? e.message || e.name : String(e)) || 'send_failed';
        }
      }
      await db.query('select app_private.record_group_welcome($1, $2, $3)', [
        row.group_member_id,
        error === null,
        error,
      ]);
      total++;
    }
    if (claimed.rows.length < batch) return total;
  }
}

export function startGroupWelcomeTicker(
  db: Database,
  mailer: Mailer,
  logger: Logger,
  intervalMs = 5_000,
  paused?: () => boolean,
): Ticker {
  return startTicker(
    {
      run: () => runGroupWelcomes(db, mailer),
      countKey: 'mails',
      doneMessage: 'group welcome mail sent',
      failedMessage: 'sending group welcome mail failed; will retry',
    },
    logger,
    intervalMs,
    paused,
  );
}
