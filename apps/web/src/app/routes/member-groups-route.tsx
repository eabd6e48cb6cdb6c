import { useRouteLoaderData } from 'react-router';
import { MemberGroupsPage } from '../../features/member/member-groups-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberGroupsPage communityId={data.membership.community_id} />;
}
