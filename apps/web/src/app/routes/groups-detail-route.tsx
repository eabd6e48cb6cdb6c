import { useParams, useRouteLoaderData } from 'react-router';
import { GroupPage } from '../../features/groups/group-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return <GroupPage key={id} groupId={id} communityId={data.membership.community_id} slug={data.slug} />;
}
