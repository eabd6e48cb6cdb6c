import { useRouteLoaderData } from 'react-router';
import { PlanListPage } from '../../features/billing/plan-list-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <PlanListPage communityId={data.membership.community_id} />;
}
