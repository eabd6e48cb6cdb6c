import { useParams, useRouteLoaderData } from 'react-router';
import { BookingDetailPage } from '../../features/booking/booking-detail-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <BookingDetailPage key={id} bookingId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
