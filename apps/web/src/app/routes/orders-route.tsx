import { useRouteLoaderData } from 'react-router';
import { OrderListPage } from '../../features/orders/order-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <OrderListPage communityId={data.membership.community_id} />;
}
