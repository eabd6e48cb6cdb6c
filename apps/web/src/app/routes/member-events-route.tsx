import { useRouteLoaderData } from 'react-router';
import { MemberEventsPage } from '../../features/member/member-events-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberEventsPage slug={data.slug} communityId={data.membership.community_id} />;
}
