import { useParams, useRouteLoaderData } from 'react-router';
import { MemberProfilePage } from '../../features/members/member-profile-page';
import { useSession } from '../../lib/session';
import type { CommunityLoaderData } from '../route-guards';

/** /members/{id}/profile edits a member; /members/new creates one with the same form. */
export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id } = useParams();
  const { session } = useSession();
  return (
    <MemberProfilePage
      key={id ?? 'new'}
      memberId={id}
      communityId={data.membership.community_id}
      slug={data.slug}
      userId={session?.user.id ?? ''}
    />
  );
}
