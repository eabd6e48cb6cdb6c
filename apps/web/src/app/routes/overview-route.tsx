import { useRouteLoaderData } from 'react-router';
import { OverviewPage } from '../../features/community/overview-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <OverviewPage slug={data.slug} membership={data.membership} />;
}
