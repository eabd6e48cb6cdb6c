import { useRouteLoaderData } from 'react-router';
import { MemberImportPage } from '../../features/members/member-import-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <MemberImportPage communityId={data.membership.community_id} slug={data.slug} />;
}
