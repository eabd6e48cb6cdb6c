import { useParams, useRouteLoaderData } from 'react-router';
import { GroupSettingsPage } from '../../features/groups/group-settings-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id = '' } = useParams();
  return (
    <GroupSettingsPage key={id} groupId={id} communityId={data.membership.community_id} slug={data.slug} />
  );
}
