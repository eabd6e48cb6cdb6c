import { useRouteLoaderData } from 'react-router';
import { NewsListPage } from '../../features/news/news-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <NewsListPage communityId={data.membership.community_id} slug={data.slug} />;
}
