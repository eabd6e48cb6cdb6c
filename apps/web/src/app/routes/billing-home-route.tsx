import { useRouteLoaderData } from 'react-router';
import { BillingHomePage } from '../../features/billing/billing-home-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <BillingHomePage communityId={data.membership.community_id} />;
}
