import { useParams, useRouteLoaderData } from 'react-router';
import { ArticleEditorPage } from '../../features/knowledge-base/article-editor-page';
import type { CommunityLoaderData } from '../route-guards';

export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id } = useParams();
  return (
    <ArticleEditorPage
      key={id ?? 'new'}
      articleId={id}
      communityId={data.membership.community_id}
      slug={data.slug}
    />
  );
}
