import { useParams, useRouteLoaderData } from 'react-router';
import { GroupDescriptionPage } from '../../features/groups/group-description-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <GroupDescriptionPage key={id} groupId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
