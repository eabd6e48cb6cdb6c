// The news list (product.md §2): drafts, scheduled and published posts of the community on the
// kit's DataTable, with search, filters for status, visibility and author, release time and
// comment count, server-side sorting and paging in the address, CSV export and phone cards.
// A scheduled post flips to published live when the release job stores it.
import { newsMessages } from '@club/i18n/namespaces/news';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MessageSquareOff, Newspaper, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { ConnectionIndicator } from '../../components/ui/connection-indicator';
import { PageHeader } from '../../components/ui/page-header';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { loadAllNews, loadNewsAuthors, loadNewsList, newsListSpec } from './load-news-list';
import { newsKeys } from './news-keys';
import type { NewsSummary } from './news-records';
import { NewsListFilters } from './news-list-filters';
import { NewsStatusBadge } from './news-status-badge';
import { useLiveNews } from './use-live-news';

export function NewsListPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(newsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const format = useFormat(useCommunityTimeZone(communityId));
  const list = useListState(newsListSpec);
  const { state } = list;
  const query = useQuery({
    queryKey: newsKeys.list(communityId, state),
    queryFn: () => loadNewsList(state, communityId),
    placeholderData: keepPreviousData,
  });
  const authors = useQuery({
    queryKey: newsKeys.authors(communityId),
    queryFn: () => loadNewsAuthors(communityId),
  });
  const live = useLiveNews(communityId, undefined);

  const postPath = (id: string) => localePath(language, `${slug}/news/${id}`);
  const released = (row: NewsSummary) =>
    row.effective_status === 'draft'
      ? t('list.notReleased')
      : format.dateTime(row.release_at ?? row.shown_at);
  const comments = (row: NewsSummary) =>
    row.comment_count === 1
      ? t('post.commentCountOne')
      : t('post.commentCount', { count: row.comment_count });
  const columns = useMemo<ListColumn<NewsSummary>[]>(
    () => [
      {
        id: 'title',
        header: t('list.columns.title'),
        sortable: true,
        hideable: false,
        csv: (row) => row.title,
        cell: (row) => (
          <Link
            to={postPath(row.id)}
            className="font-medium hover:underline"
            onClick={(e) => e.stopPropagation()}
          >
            {row.title}
          </Link>
        ),
      },
      {
        id: 'effective_status',
        header: t('list.columns.status'),
        sortable: true,
        csv: (row) => t(`status.${row.effective_status === 'cancelled' ? 'draft' : row.effective_status}`),
        cell: (row) => <NewsStatusBadge status={row.effective_status} />,
      },
      {
        id: 'shown_at',
        header: t('list.columns.release'),
        sortable: true,
        csv: released,
        cell: (row) => <span className="whitespace-nowrap">{released(row)}</span>,
      },
      {
        id: 'visibility',
        header: t('list.columns.visibility'),
        csv: (row) => t(`visibility.${row.visibility}`),
        cell: (row) => <Badge>{t(`visibility.${row.visibility}`)}</Badge>,
      },
      {
        id: 'author_name',
        header: t('list.columns.author'),
        csv: (row) => row.author_name ?? '',
        cell: (row) => row.author_name ?? '',
      },
      {
        id: 'comment_count',
        header: t('list.columns.comments'),
        align: 'right',
        sortable: true,
        csv: (row) => row.comment_count,
        cell: (row) => (
          <span className="inline-flex items-center gap-1 tabular-nums">
            {row.allow_comments ? null : (
              <MessageSquareOff aria-label={t('list.commentsOff')} className="size-4 text-muted-foreground" />
            )}
            {format.number(row.comment_count)}
          </span>
        ),
      },
    ],
    [t, format, language, slug],
  );

  const newButton = (
    <Button asChild>
      <Link to={localePath(language, `${slug}/news/new`)}>
        <Plus aria-hidden="true" />
        {t('newPost')}
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {t('description')}
            <ConnectionIndicator connected={live} />
          </span>
        }
        documentTitle={t('title')}
        action={newButton}
      />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => row.title}
        onRowClick={(row) => void navigate(postPath(row.id))}
        card={(row) => (
          <Link
            to={postPath(row.id)}
            className="block rounded-lg border border-border bg-surface p-3 hover:border-accent"
          >
            <span className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium">{row.title}</span>
              <NewsStatusBadge status={row.effective_status} />
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">{released(row)}</span>
            <span className="mt-2 flex justify-between text-sm">
              <span>{row.author_name ?? ''}</span>
              <span className="tabular-nums">{comments(row)}</span>
            </span>
          </Link>
        )}
        toolbar={<NewsListFilters list={list} authors={authors.data ?? []} />}
        storageKey="news"
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={{ icon: Newspaper, title: t('list.emptyTitle'), body: t('list.emptyBody'), action: newButton }}
        exportCsv={{
          filename: `${t('list.caption').toLowerCase()}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllNews(state, communityId),
        }}
      />
    </>
  );
}
