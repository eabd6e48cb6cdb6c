import { useParams, useRouteLoaderData } from 'react-router';
import { DoorCheckInPage } from '../../features/events/door-check-in-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <DoorCheckInPage key={id} eventId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
