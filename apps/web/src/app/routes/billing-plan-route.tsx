import { useParams, useRouteLoaderData } from 'react-router';
import { PlanPage } from '../../features/billing/plan-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = 'new' } = useParams();
  return <PlanPage key={id} planId={id} communityId={data.membership.community_id} />;
}
