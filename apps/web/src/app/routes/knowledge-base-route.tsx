import { useRouteLoaderData } from 'react-router';
import { KnowledgeBasePage } from '../../features/knowledge-base/knowledge-base-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  return <KnowledgeBasePage communityId={data.membership.community_id} slug={data.slug} />;
}
