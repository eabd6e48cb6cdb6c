import { useRouteLoaderData } from 'react-router';
import { TagListPage } from '../../features/tags/tag-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <TagListPage communityId={data.membership.community_id} />;
}
