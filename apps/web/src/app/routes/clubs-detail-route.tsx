import { useParams, useRouteLoaderData } from 'react-router';
import { ClubPage } from '../../features/clubs/club-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <ClubPage
      key={id}
      clubId={id}
      communityId={data.membership.community_id}
      slug={data.slug}
      membership={data.membership}
    />
  );
}
