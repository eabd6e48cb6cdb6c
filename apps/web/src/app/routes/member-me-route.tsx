import { useRouteLoaderData } from 'react-router';
import { MemberMePage } from '../../features/member/member-me-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberMePage slug={data.slug} communityId={data.membership.community_id} />;
}
