import { useParams, useRouteLoaderData } from 'react-router';
import { MemberEventPage } from '../../features/member/member-event-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <MemberEventPage key={id} slug={data.slug} communityId={data.membership.community_id} eventId={id} />
  );
}
