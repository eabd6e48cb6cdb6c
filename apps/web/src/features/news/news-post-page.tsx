// A post (/news/{id}) as members will see it — title, image, content, link, author, release
// and visibility — with its comments for the administrator, who can hide or delete them and
// turn comments off, and the state of its e-mail sending. Comments, the release and the
// sending's counts arrive live over realtime.
import { commonMessages } from '@club/i18n/namespaces/common';
import { newsMessages } from '@club/i18n/namespaces/news';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pencil, RotateCcw } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ConnectionIndicator } from '../../components/ui/connection-indicator';
import { NotFoundView } from '../../components/ui/error-view';
import { PageHeader } from '../../components/ui/page-header';
import { RichTextView } from '../../components/ui/rich-text/rich-text-view';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { describeNewsError } from './describe-news-error';
import { loadLatestMailing, loadNewsComments, loadNewsPost, newsCommentsPage } from './load-news-post';
import { NewsBreadcrumbs } from './news-breadcrumbs';
import { NewsCommentsSection } from './news-comments-section';
import { newsKeys } from './news-keys';
import { NewsPostActions } from './news-post-actions';
import { effectiveStatus, type NewsMailing } from './news-records';
import { NewsStatusBadge } from './news-status-badge';
import { countNewsUnsubscribes, followMailing, resendNewsMailingFailures } from './send-news-post';
import { newsImageUrl } from './upload-news-image';
import { useLiveNews } from './use-live-news';

function MailingState({
  mailing,
  released,
  post,
  communityId,
  slug,
}: {
  mailing: NewsMailing;
  released: boolean;
  post: { id: string; title: string };
  communityId: string;
  slug: string;
}) {
  const t = useT(newsMessages);
  const format = useFormat();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const unsubscribed = useQuery({
    queryKey: [...newsKeys.all(communityId), 'unsubscribes'],
    queryFn: () => countNewsUnsubscribes(communityId),
  });
  const values = {
    total: format.number(mailing.total),
    sent: format.number(mailing.sent),
    failed: format.number(mailing.failed),
  };
  const key =
    mailing.status === 'done'
      ? 'post.mailing.done'
      : mailing.status === 'sending'
        ? 'post.mailing.sending'
        : released
          ? 'post.mailing.queued'
          : 'post.mailing.waiting';
  return (
    <div className="space-y-3">
      <p className="text-sm" role="status" data-mailing-status={mailing.status}>
        {t(key, values)}
      </p>
      {unsubscribed.data ? (
        <p className="text-sm text-muted-foreground">
          {t('post.mailing.unsubscribed', { count: unsubscribed.data })}
        </p>
      ) : null}
      {mailing.status === 'done' && mailing.failed > 0 ? (
        <>
          <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
            <RotateCcw aria-hidden="true" />
            {t('post.mailing.resend')}
          </Button>
          <ConfirmDialog
            open={asking}
            onOpenChange={setAsking}
            title={t('post.mailing.resendTitle', { title: post.title, failed: values.failed })}
            description={t('post.mailing.resendBody')}
            confirmLabel={t('post.mailing.resendConfirm')}
            destructive={false}
            onConfirm={async () => {
              try {
                const again = await resendNewsMailingFailures(mailing.id);
                await queryClient.invalidateQueries({ queryKey: newsKeys.mailing(communityId, post.id) });
                followMailing(again, {
                  title: t('post.mailJob', { title: post.title }),
                  href: localePath(language, `${slug}/news/${post.id}`),
                  failedText: t('post.mailJobFailed'),
                  outcome: (m) =>
                    t('post.mailOutcome', { sent: format.number(m.sent), failed: format.number(m.failed) }),
                });
              } catch (failure) {
                toast({ variant: 'destructive', title: t(describeNewsError(failure)) });
                throw failure;
              }
            }}
          />
        </>
      ) : null}
    </div>
  );
}

export function NewsPostPage({
  postId,
  communityId,
  slug,
}: {
  postId: string;
  communityId: string;
  slug: string;
}) {
  const t = useT(newsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const format = useFormat(useCommunityTimeZone(communityId));
  const post = useQuery({
    queryKey: newsKeys.post(communityId, postId),
    queryFn: () => loadNewsPost(postId, communityId),
  });
  // The newest comments, a page at a time: "show more" asks for the next page on top, and a
  // live change reloads as many as are shown.
  const [shown, setShown] = useState(newsCommentsPage);
  const comments = useQuery({
    queryKey: [...newsKeys.comments(communityId, postId), shown],
    queryFn: () => loadNewsComments(postId, shown),
    enabled: post.data !== undefined,
    placeholderData: keepPreviousData,
  });
  const mailing = useQuery({
    queryKey: newsKeys.mailing(communityId, postId),
    queryFn: () => loadLatestMailing(postId),
    enabled: post.data !== undefined,
  });
  const live = useLiveNews(communityId, postId);

  if (post.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (post.isError) {
    return (
      <>
        <PageHeader title={t('title')} breadcrumbs={<NewsBreadcrumbs slug={slug} current="…" />} />
        <Alert kind="error" title={t('post.loadError')}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void post.refetch()}>
            {tc('actions.retry')}
          </Button>
        </Alert>
      </>
    );
  }
  if (!post.data) {
    return (
      <div aria-busy="true" aria-label={tc('loading')} className="space-y-4">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const p = post.data;
  const status = effectiveStatus(p);
  const facts: [string, ReactNode][] = [
    [t('post.facts.author'), p.author_name ?? ''],
    [t('post.facts.visibility'), t(`visibility.${p.visibility}`)],
    [
      status === 'published' ? t('post.facts.published') : t('post.facts.release'),
      status === 'draft'
        ? t('list.notReleased')
        : format.dateTime(p.published_at ?? p.release_at ?? p.created_at),
    ],
    [t('post.facts.comments'), p.allow_comments ? t('post.commentsAllowed') : t('post.commentsClosed')],
  ];
  return (
    <>
      <PageHeader
        title={p.title}
        breadcrumbs={<NewsBreadcrumbs slug={slug} current={p.title} />}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <NewsStatusBadge status={status} />
            <ConnectionIndicator connected={live} />
          </span>
        }
        action={
          <div className="flex flex-wrap gap-2">
            <NewsPostActions post={p} communityId={communityId} slug={slug} />
            <Button asChild>
              <Link to={localePath(language, `${slug}/news/${p.id}/edit`)}>
                <Pencil aria-hidden="true" />
                {t('post.edit')}
              </Link>
            </Button>
          </div>
        }
      />
      <div className="grid gap-6 xl:grid-cols-[2fr_1fr]">
        <article className="min-w-0 space-y-6">
          <Card>
            <CardBody>
              {p.image_path ? (
                <img
                  src={newsImageUrl(p.image_path)}
                  alt={t('post.image')}
                  className="w-full rounded-md object-cover"
                />
              ) : null}
              <RichTextView doc={p.content} aria-label={t('post.content')} />
              {p.link_url ? (
                <a
                  href={p.link_url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex items-center gap-1 text-sm text-accent-soft-foreground underline dark:text-accent"
                >
                  <ExternalLink aria-hidden="true" className="size-4" />
                  {p.link_url}
                </a>
              ) : null}
            </CardBody>
          </Card>
          <NewsCommentsSection
            communityId={communityId}
            postId={p.id}
            comments={comments.data?.rows ?? []}
            total={comments.data?.total ?? 0}
            allowComments={p.allow_comments}
            loadingMore={comments.isPlaceholderData}
            onShowMore={() => setShown((n) => n + newsCommentsPage)}
          />
        </article>
        <div className="min-w-0 space-y-6">
          <Card>
            <CardBody>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                {facts.map(([term, value]) => (
                  <div key={term} className="contents">
                    <dt className="text-muted-foreground">{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>
          {mailing.data ? (
            <Card aria-labelledby="news-mailing">
              <CardHeader id="news-mailing" title={t('post.mailing.title')} />
              <CardBody>
                <MailingState
                  mailing={mailing.data}
                  released={status === 'published'}
                  post={p}
                  communityId={communityId}
                  slug={slug}
                />
              </CardBody>
            </Card>
          ) : null}
        </div>
      </div>
    </>
  );
}
