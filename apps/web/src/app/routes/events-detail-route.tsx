import { useParams, useRouteLoaderData } from 'react-router';
import { EventDetailPage } from '../../features/events/event-detail-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <EventDetailPage key={id} eventId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
