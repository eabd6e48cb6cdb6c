import { useRouteLoaderData } from 'react-router';
import { AnalyticsPage } from '../../features/analytics/analytics-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <AnalyticsPage communityId={data.membership.community_id} />;
}
