// The default layout for /{lang}/{community}/…, fed from the community loader.
import { Outlet, useRouteLoaderData } from 'react-router';
import { ShellLayout } from '../../features/shell/shell-layout';
import { visibleAreas } from '../../lib/areas';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return (
    <ShellLayout
      slug={data.slug}
      communityId={data.membership.community_id}
      areas={visibleAreas(data.membership)}
      communities={data.communities}
    >
      <Outlet />
    </ShellLayout>
  );
}
