import { useRouteLoaderData } from 'react-router';
import { TagCreatePage } from '../../features/tags/tag-create-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <TagCreatePage communityId={data.membership.community_id} slug={data.slug} />;
}
