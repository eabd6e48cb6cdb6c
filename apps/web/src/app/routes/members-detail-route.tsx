import { useParams, useRouteLoaderData } from 'react-router';
import { MemberPage } from '../../features/members/member-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return <MemberPage key={id} memberId={id} communityId={data.membership.community_id} slug={data.slug} />;
}
