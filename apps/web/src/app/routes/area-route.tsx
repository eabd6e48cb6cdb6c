import { useMatches, useRouteLoaderData } from 'react-router';
import { AreaEmptyPage } from '../../features/community/area-empty-page';
import type { AreaHandle } from '../community-routes';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const handle = useMatches().at(-1)?.handle as AreaHandle | undefined;
  const area = handle?.area && handle.area !== 'overview' ? handle.area : 'events';
  return <AreaEmptyPage area={area} communityName={data.membership.name} />;
}
