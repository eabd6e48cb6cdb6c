import { useRouteLoaderData } from 'react-router';
import { AccountListPage } from '../../features/billing/account-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <AccountListPage communityId={data.membership.community_id} />;
}
