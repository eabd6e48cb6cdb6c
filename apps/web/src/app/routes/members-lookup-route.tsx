import { useRouteLoaderData } from 'react-router';
import { MemberLookupPage } from '../../features/members/member-lookup-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return (
    <MemberLookupPage
      communityId={data.membership.community_id}
      slug={data.slug}
      manager={data.membership.membership_manager}
    />
  );
}
