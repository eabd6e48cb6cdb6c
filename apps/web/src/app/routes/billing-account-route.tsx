import { useParams, useRouteLoaderData } from 'react-router';
import { AccountPage } from '../../features/billing/account-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = 'new' } = useParams();
  return <AccountPage key={id} accountId={id} communityId={data.membership.community_id} />;
}
