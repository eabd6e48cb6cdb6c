import { useRouteLoaderData } from 'react-router';
import { MemberNewsPage } from '../../features/member/member-news-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberNewsPage slug={data.slug} communityId={data.membership.community_id} />;
}
