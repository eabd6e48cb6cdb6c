import { useRouteLoaderData } from 'react-router';
import { MemberShiftsPage } from '../../features/member/member-shifts-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberShiftsPage slug={data.slug} communityId={data.membership.community_id} />;
}
