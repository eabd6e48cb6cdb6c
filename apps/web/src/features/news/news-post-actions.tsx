// The post page's actions beside "Edit": comments on or off (asked first, naming the post and
// what members can then do) and "Send by e-mail" (asked first; the sending runs on the server
// and is followed in the job panel).
import { newsMessages } from '@club/i18n/namespaces/news';
import { useQueryClient } from '@tanstack/react-query';
import { Mail, MessageSquare, MessageSquareOff } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeNewsError } from './describe-news-error';
import { newsKeys } from './news-keys';
import type { NewsPost } from './news-records';
import { setCommentsAllowed } from './save-news-post';
import { followMailing, requestNewsMailing } from './send-news-post';

export function useSendNewsByMail(communityId: string, slug: string) {
  const t = useT(newsMessages);
  const format = useFormat();
  const language = useLanguage();
  const queryClient = useQueryClient();
  return async (post: { id: string; title: string; release_at?: string | null }) => {
    const mailing = await requestNewsMailing(post.id);
    await queryClient.invalidateQueries({ queryKey: newsKeys.mailing(communityId, post.id) });
    followMailing(mailing, {
      title: t('post.mailJob', { title: post.title }),
      href: localePath(language, `${slug}/news/${post.id}`),
      failedText: t('post.mailJobFailed'),
      outcome: (m) => t('post.mailOutcome', { sent: format.number(m.sent), failed: format.number(m.failed) }),
      releaseAt: post.release_at,
      waiting: (m) => t('post.mailScheduled', { title: post.title, count: m.total }),
    });
  };
}

export function NewsPostActions({
  post,
  communityId,
  slug,
}: {
  post: NewsPost;
  communityId: string;
  slug: string;
}) {
  const t = useT(newsMessages);
  const queryClient = useQueryClient();
  const send = useSendNewsByMail(communityId, slug);
  const [asking, setAsking] = useState<'comments' | 'mail' | undefined>();
  const fail = (failure: unknown) => {
    toast({ variant: 'destructive', title: t(describeNewsError(failure)) });
    throw failure;
  };
  const turningOff = post.allow_comments;
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking('comments')}>
        {turningOff ? <MessageSquareOff aria-hidden="true" /> : <MessageSquare aria-hidden="true" />}
        {turningOff ? t('post.turnOff') : t('post.turnOn')}
      </Button>
      {post.status !== 'draft' && post.visibility !== 'hidden' ? (
        <Button variant="secondary" onClick={() => setAsking('mail')}>
          <Mail aria-hidden="true" />
          {t('post.sendMail')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={asking === 'comments'}
        onOpenChange={(open) => setAsking(open ? 'comments' : undefined)}
        title={t(turningOff ? 'post.turnOffTitle' : 'post.turnOnTitle', { title: post.title })}
        description={t(turningOff ? 'post.turnOffBody' : 'post.turnOnBody')}
        confirmLabel={turningOff ? t('post.turnOff') : t('post.turnOn')}
        destructive={turningOff}
        onConfirm={async () => {
          try {
            await setCommentsAllowed(post.id, !turningOff);
            await queryClient.invalidateQueries({ queryKey: newsKeys.all(communityId) });
            toast({ title: t(turningOff ? 'post.turnedOff' : 'post.turnedOn', { title: post.title }) });
          } catch (failure) {
            fail(failure);
          }
        }}
      />
      <ConfirmDialog
        open={asking === 'mail'}
        onOpenChange={(open) => setAsking(open ? 'mail' : undefined)}
        title={t('post.sendTitle', { title: post.title })}
        description={t('post.sendBody')}
        confirmLabel={t('post.sendConfirm')}
        destructive={false}
        onConfirm={async () => {
          try {
            await send(post);
          } catch (failure) {
            fail(failure);
          }
        }}
      />
    </>
  );
}
