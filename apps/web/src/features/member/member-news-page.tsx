// News: the posts the member may read, newest first.
import { memberNewsMessages } from '@club/i18n/namespaces/member-news';
import { PageHeader } from '../../components/ui/page-header';
import { useNewsFeed } from '../../lib/queries/news/load-news-feed';
import { useT } from '../../lib/i18n';
import { NewsList } from './news-list';
import { QueryState } from './query-state';

export function MemberNewsPage({ slug, communityId }: { slug: string; communityId: string }) {
  const t = useT(memberNewsMessages);
  const news = useNewsFeed(communityId);
  return (
    <>
      <PageHeader title={t('title')} />
      <QueryState query={news} lines={5}>
        {(rows) => <NewsList slug={slug} posts={rows} />}
      </QueryState>
    </>
  );
}
