import { useRouteLoaderData } from 'react-router';
import { InvoiceListPage } from '../../features/billing/invoice-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <InvoiceListPage communityId={data.membership.community_id} />;
}
