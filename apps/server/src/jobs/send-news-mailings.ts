// Sends queued news mailings (public.send_news_post, docs/decisions/0891) and member mailings
// from the register (public.send_member_mail, decision 0931) through the server's mailer:
// claims a batch of recipients, sends each and records the outcome, until nothing is due.
// Several instances may run it: a claim holds its recipients (SKIP LOCKED).
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { composeMemberMail } from '../mail/compose-member-mail';
import { composeNewsMail, newsUnsubscribeUrl } from '../mail/compose-news-mail';
import type { Mailer, MailMessage } from '../mail/mailer';
import { startTicker, type Ticker } from './ticker';

interface BatchRow {
  mailing_id: string;
  email: string;
  full_name: string;
  title: string;
  content: unknown;
  link_url: string | null;
  author_name: string | null;
  community_name: string;
  post_id: string;
  unsubscribe_token: string;
  language: string;
}

interface MemberBatchRow {
  mailing_id: string;
  email: string;
  subject: string;
  body: string;
  community_name: string;
}

/** Sends what is due, batch after batch; answers how many mails were handed over or refused. */
export async function runNewsMailings(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  batch = 50,
): Promise<number | undefined> {
  const exists = await db.query<{ news: string | null; members: string | null }>(
    `select to_regprocedure('app_private.claim_news_mail_batch(integer)')::text as news,
            to_regprocedure('app_private.claim_member_mail_batch(integer)')::text as members`,
  );
  if (!exists.rows[0]?.news) return undefined;
  let total = await drain<BatchRow>(
    db,
    mailer,
    'select * from app_private.claim_news_mail_batch($1)',
    batch,
    (row) =>
      composeNewsMail({
        email: row.email,
        title: row.title,
        content: row.content,
        linkUrl: row.link_url,
        authorName: row.author_name,
        communityName: row.community_name,
        postId: row.post_id,
        unsubscribeUrl: newsUnsubscribeUrl(publicUrl, row.unsubscribe_token),
        language: row.language === 'en' ? 'en' : 'da',
      }),
  );
  if (exists.rows[0]?.members)
    total += await drain<MemberBatchRow>(
      db,
      mailer,
      'select * from app_private.claim_member_mail_batch($1)',
      batch,
      (row) =>
        composeMemberMail({
          email: row.email,
          subject: row.subject,
          body: row.body,
          communityName: row.community_name,
          mailingId: row.mailing_id,
        }),
    );
  return total;
}

async function drain<Row extends { mailing_id: string; email: string }>(
  db: Database,
  mailer: Mailer,
  claimSql: string,
  batch: number,
  compose: (row: Row) => MailMessage,
): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.query<Row>(claimSql, [batch]);
    for (const row of claimed.rows) {
      let error: string | null = null;
      try {
        await mailer.send(compose(row));
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
      await db.query('select app_private.record_news_mail($1, $2, $3, $4)', [
        row.mailing_id,
        row.email,
        error === null,
        error,
      ]);
      total++;
    }
    if (claimed.rows.length < batch) return total;
  }
}

export function startNewsMailTicker(
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  logger: Logger,
  intervalMs = 5_000,
  paused?: () => boolean,
): Ticker {
  return startTicker(
    {
      run: () => runNewsMailings(db, mailer, publicUrl),
      countKey: 'mails',
      doneMessage: 'news mail sent',
      failedMessage: 'sending news mail failed; will retry',
    },
    logger,
    intervalMs,
    paused,
  );
}
