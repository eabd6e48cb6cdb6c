// The member app's frame for /{lang}/m/{community}/…, fed from the member community loader.
import { Outlet, useRouteLoaderData } from 'react-router';
import { MemberLayout } from '../../features/member/member-layout';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  return (
    <MemberLayout slug={data.slug} membership={data.membership}>
      <Outlet />
    </MemberLayout>
  );
}
