// The comments of a post for its administrators: author, relative time ("5 minutes ago" /
// "for 5 minutter siden"), hidden ones marked, each hidden, shown again or deleted after a
// confirmation naming its author; the newest 200 first, more on asking. New comments arrive live (use-live-news.ts); relative times
// move on by themselves.
import { newsMessages } from '@club/i18n/namespaces/news';
import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useFormat, useT } from '../../lib/i18n';
import { describeNewsError } from './describe-news-error';
import { newsKeys } from './news-keys';
import type { NewsComment } from './news-records';
import { deleteComment, setCommentHidden } from './save-news-post';

type Pending = { comment: NewsComment; action: 'hide' | 'unhide' | 'delete' };

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function NewsCommentsSection({
  communityId,
  postId,
  comments,
  total,
  allowComments,
  loadingMore = false,
  onShowMore,
}: {
  communityId: string;
  postId: string;
  comments: NewsComment[];
  total: number;
  allowComments: boolean;
  loadingMore?: boolean;
  onShowMore?: () => void;
}) {
  const t = useT(newsMessages);
  const format = useFormat();
  const now = useNow();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | undefined>();
  const name = pending?.comment.author_name ?? '';

  const perform = async ({ comment, action }: Pending) => {
    try {
      if (action === 'delete') await deleteComment(comment.id);
      else await setCommentHidden(comment.id, action === 'hide');
      await queryClient.invalidateQueries({ queryKey: newsKeys.comments(communityId, postId) });
      await queryClient.invalidateQueries({ queryKey: newsKeys.all(communityId).concat('list') });
      const done = { delete: 'post.deleted', hide: 'post.hiddenDone', unhide: 'post.shownDone' } as const;
      toast({ title: t(done[action], { name: comment.author_name }) });
    } catch (failure) {
      toast({ variant: 'destructive', title: t(describeNewsError(failure)) });
      throw failure;
    }
  };
  // Showing a hidden comment again harms nothing and is not asked about.
  const act = (next: Pending) =>
    next.action === 'unhide' ? void perform(next).catch(() => undefined) : setPending(next);

  return (
    <Card aria-labelledby="news-comments">
      <CardHeader
        id="news-comments"
        title={t('post.comments')}
        description={total === 1 ? t('post.commentCountOne') : t('post.commentCount', { count: total })}
      />
      <CardBody>
        {allowComments ? null : (
          <p className="text-sm text-muted-foreground">{t('post.commentsOffNotice')}</p>
        )}
        {comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('post.noComments')}</p>
        ) : (
          <ol className="divide-y divide-border" aria-live="polite">
            {comments.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-start justify-between gap-2 py-3"
                data-comment-id={c.id}
              >
                <div className="min-w-0 space-y-1">
                  <p className="text-sm">
                    <span className="font-medium">{c.author_name}</span>{' '}
                    <time
                      dateTime={c.created_at}
                      title={format.dateTime(c.created_at)}
                      className="text-muted-foreground"
                    >
                      {format.relative(c.created_at, now)}
                    </time>
                  </p>
                  <p className={c.hidden_at ? 'text-sm text-muted-foreground line-through' : 'text-sm'}>
                    {c.body}
                  </p>
                  {c.hidden_at ? <Badge>{t('post.hidden')}</Badge> : null}
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => act({ comment: c, action: c.hidden_at ? 'unhide' : 'hide' })}
                  >
                    {c.hidden_at ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
                    {c.hidden_at ? t('post.unhide') : t('post.hide')}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => act({ comment: c, action: 'delete' })}>
                    <Trash2 aria-hidden="true" />
                    {t('post.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ol>
        )}
        {onShowMore && comments.length < total ? (
          <div className="flex flex-wrap items-center gap-3 pt-3">
            <Button variant="secondary" size="sm" onClick={onShowMore} disabled={loadingMore}>
              {loadingMore ? t('post.loadingMore') : t('post.showMore')}
            </Button>
            <span className="text-sm text-muted-foreground">
              {t('post.shownOf', { shown: format.number(comments.length), total: format.number(total) })}
            </span>
          </div>
        ) : null}
      </CardBody>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(open) => (open ? undefined : setPending(undefined))}
        title={pending?.action === 'delete' ? t('post.deleteTitle', { name }) : t('post.hideTitle', { name })}
        description={pending?.action === 'delete' ? t('post.deleteBody') : t('post.hideBody')}
        confirmLabel={pending?.action === 'delete' ? t('post.delete') : t('post.hide')}
        onConfirm={() => (pending ? perform(pending) : undefined)}
      />
    </Card>
  );
}
