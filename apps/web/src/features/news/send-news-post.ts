// "Send by e-mail": asks the database for a mailing (the audience is fixed then) and follows
// the server's background sending in the job panel until every mail has an outcome.
import { supabase } from '../../lib/supabase';
import { startJob } from '../../components/jobs/job-store';
import { toast } from '../../components/ui/toast-store';
import type { NewsMailing } from './news-records';

export async function requestNewsMailing(postId: string): Promise<NewsMailing> {
  const { data, error } = await supabase().rpc('send_news_post', { p_post_id: postId });
  if (error) throw error;
  return data as NewsMailing;
}

/** "Send again to those that failed": the failed recipients of a finished sending go back in line. */
export async function resendNewsMailingFailures(mailingId: string): Promise<NewsMailing> {
  const { data, error } = await supabase().rpc('resend_news_mailing_failures', { p_mailing_id: mailingId });
  if (error) throw error;
  return data as NewsMailing;
}

/** How many addresses of the community have left its news e-mails (they are not sent to). */
export async function countNewsUnsubscribes(communityId: string): Promise<number> {
  const { count, error } = await supabase()
    .from('news_mail_unsubscribes')
    .select('email', { count: 'exact', head: true })
    .eq('community_id', communityId);
  if (error) throw error;
  return count ?? 0;
}

async function readMailing(id: string): Promise<NewsMailing> {
  const { data, error } = await supabase()
    .from('news_mailings')
    .select('id, status, total, sent, failed, created_at, finished_at')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data;
}

/**
 * Shows the sending in the job panel; polls the mailing (the server does the work). A post that
 * is released later is mailed then: the mailing waits, so instead of a job at "0 of 229" one
 * toast says it will be mailed at the release (`words.waiting`).
 */
export function followMailing(
  mailing: NewsMailing,
  words: {
    title: string;
    href: string;
    failedText: string;
    outcome: (m: NewsMailing) => string;
    releaseAt?: string | null;
    waiting?: (m: NewsMailing) => string;
  },
  now: number = Date.now(),
): void {
  if (
    mailing.status === 'queued' &&
    words.releaseAt &&
    words.waiting &&
    new Date(words.releaseAt).getTime() > now
  ) {
    toast({ title: words.waiting(mailing) });
    return;
  }
  startJob({
    title: words.title,
    total: mailing.total,
    href: words.href,
    failedText: words.failedText,
    run: async ({ progress, signal }) => {
      let current = mailing;
      while (current.status !== 'done') {
        if (signal.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, 1000));
        current = await readMailing(mailing.id);
        progress(current.sent + current.failed, current.total);
      }
      return words.outcome(current);
    },
  });
}
