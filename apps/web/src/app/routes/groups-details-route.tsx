import { useParams, useRouteLoaderData } from 'react-router';
import { GroupDetailsPage } from '../../features/groups/group-details-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <GroupDetailsPage key={id} groupId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
