// Sends queued news mailings (public.send_news_post, docs/decisions/0891) through the
// server's mailer: claims a batch of recipients, sends each and records the outcome, until
// nothing is due. Several instances may run it: a claim holds its recipients (SKIP LOCKED).
import type { Logger } from 'pino';
import type { Database } from '../database/database';
import { composeNewsMail } from '../mail/compose-news-mail';
import type { Mailer } from '../mail/mailer';
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
}

/** Sends what is due, batch after batch; answers how many mails were handed over or refused. */
export async function runNewsMailings(db: Database, mailer: Mailer, batch = 50): Promise<number | undefined> {
  const exists = await db.query<{ fn: string | null }>(
    "select to_regprocedure('app_private.claim_news_mail_batch(integer)')::text as fn",
  );
  if (!exists.rows[0]?.fn) return undefined;
  let total = 0;
  for (;;) {
    const claimed = await db.query<BatchRow>('select * from app_private.claim_news_mail_batch($1)', [batch]);
    for (const row of claimed.rows) {
      const message = composeNewsMail({
        email: row.email,
        title: row.title,
        content: row.content,
        linkUrl: row.link_url,
        authorName: row.author_name,
        communityName: row.community_name,
        postId: row.post_id,
      });
      let error: string | null = null;
      try {
        await mailer.send(message);
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
  logger: Logger,
  intervalMs = 5_000,
): Ticker {
  return startTicker(
    {
      run: () => runNewsMailings(db, mailer),
      countKey: 'mails',
      doneMessage: 'news mail sent',
      failedMessage: 'sending news mail failed; will retry',
    },
    logger,
    intervalMs,
  );
}
