import { useParams, useRouteLoaderData } from 'react-router';
import { NewsPostPage } from '../../features/news/news-post-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return <NewsPostPage key={id} postId={id} communityId={data.membership.community_id} slug={data.slug} />;
}
