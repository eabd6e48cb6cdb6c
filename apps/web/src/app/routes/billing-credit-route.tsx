import { useRouteLoaderData } from 'react-router';
import { VolunteerCreditPage } from '../../features/billing/volunteer-credit-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <VolunteerCreditPage communityId={data.membership.community_id} />;
}
