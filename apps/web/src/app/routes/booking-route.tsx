import { useRouteLoaderData } from 'react-router';
import { BookingCalendarPage } from '../../features/booking/booking-calendar-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <BookingCalendarPage communityId={data.membership.community_id} slug={data.slug} />;
}
