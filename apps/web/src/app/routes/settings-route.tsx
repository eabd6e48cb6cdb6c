import { useRouteLoaderData } from 'react-router';
import { SettingsPage } from '../../features/settings/settings-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <SettingsPage communityId={data.membership.community_id} />;
}
