import { useParams, useRouteLoaderData } from 'react-router';
import { MemberPostPage } from '../../features/member/member-post-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  const { id = '' } = useParams();
  return <MemberPostPage key={id} slug={data.slug} communityId={data.membership.community_id} postId={id} />;
}
