import { useRouteLoaderData } from 'react-router';
import { ProductListPage } from '../../features/booking/product-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <ProductListPage communityId={data.membership.community_id} slug={data.slug} />;
}
