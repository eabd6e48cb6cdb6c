import { useRouteLoaderData } from 'react-router';
import { ClubListPage } from '../../features/clubs/club-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <ClubListPage communityId={data.membership.community_id} slug={data.slug} />;
}
