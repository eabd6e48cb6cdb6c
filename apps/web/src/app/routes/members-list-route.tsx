import { useRouteLoaderData } from 'react-router';
import { MemberListPage } from '../../features/members/member-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return (
    <MemberListPage
      communityId={data.membership.community_id}
      slug={data.slug}
      manager={data.membership.membership_manager}
    />
  );
}
