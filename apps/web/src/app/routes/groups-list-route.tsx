import { useRouteLoaderData } from 'react-router';
import { GroupListPage } from '../../features/groups/group-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <GroupListPage communityId={data.membership.community_id} slug={data.slug} />;
}
