import { useRouteLoaderData } from 'react-router';
import { TermsPage } from '../../features/billing/terms-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <TermsPage communityId={data.membership.community_id} />;
}
