import { useParams, useRouteLoaderData } from 'react-router';
import { MemberArticlePage } from '../../features/member/member-article-page';
import type { MemberCommunityLoaderData } from '../member-guards';

export function Component() {
  const data = useRouteLoaderData('member-community') as MemberCommunityLoaderData;
  const { slug = '' } = useParams();
  return (
    <MemberArticlePage
      key={slug}
      slug={data.slug}
      communityId={data.membership.community_id}
      articleSlug={slug}
    />
  );
}
