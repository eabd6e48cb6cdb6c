import { useRouteLoaderData } from 'react-router';
import { MemberArticlesPage } from '../../features/member/member-articles-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return <MemberArticlesPage slug={data.slug} communityId={data.membership.community_id} />;
}
