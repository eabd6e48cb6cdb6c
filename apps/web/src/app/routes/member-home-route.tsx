import { useRouteLoaderData } from 'react-router';
import { MemberHomePage } from '../../features/member/member-home-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberHomePage slug={data.slug} communityId={data.membership.community_id} />;
}
