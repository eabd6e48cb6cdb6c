import { useRouteLoaderData } from 'react-router';
import { EventListPage } from '../../features/events/event-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <EventListPage communityId={data.membership.community_id} slug={data.slug} />;
}
