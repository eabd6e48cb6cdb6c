import { useParams, useRouteLoaderData } from 'react-router';
import { NewsEditorPage } from '../../features/news/news-editor-page';
import type { CommunityLoaderData } from '../route-guards';

/** The editor for /news/{id}/edit, and for /news/new (no id). */
export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id } = useParams();
  return (
    <NewsEditorPage
      key={id ?? 'new'}
      postId={id}
      communityId={data.membership.community_id}
      slug={data.slug}
    />
  );
}
