// "Send e-mail" to a selection of the register: asks the database for a mailing (the
// recipients are fixed then, one per address; send_member_mail) and follows the server's
// background sending in the job panel until every mail has an outcome (decision 0931).
import { startJob } from '../../components/jobs/job-store';
import { supabase } from '../../lib/supabase';

export interface MemberMailing {
  id: string;
  status: 'queued' | 'sending' | 'done';
  total: number;
  sent: number;
  failed: number;
}

export async function requestMemberMailing(
  communityId: string,
  memberIds: string[],
  subject: string,
  body: string,
): Promise<MemberMailing> {
  const { data, error } = await supabase().rpc('send_member_mail', {
    p_community_id: communityId,
    p_member_ids: memberIds,
    p_subject: subject,
    p_body: body,
  });
  if (error) throw error;
  return data as MemberMailing;
}

async function readMailing(id: string): Promise<MemberMailing> {
  const { data, error } = await supabase()
    .from('news_mailings')
    .select('id, status, total, sent, failed')
    .eq('id', id)
    .single();
  if (error) throw error;
  return data as MemberMailing;
}

/** Shows the sending in the job panel; polls the mailing (the server does the work). */
export function followMemberMailing(
  mailing: MemberMailing,
  words: { title: string; href: string; failedText: string; outcome: (m: MemberMailing) => string },
): void {
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
