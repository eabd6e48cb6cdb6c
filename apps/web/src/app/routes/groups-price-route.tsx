import { useParams, useRouteLoaderData } from 'react-router';
import { GroupPricePage } from '../../features/groups/group-price-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return <GroupPricePage key={id} groupId={id} communityId={data.membership.community_id} slug={data.slug} />;
}
