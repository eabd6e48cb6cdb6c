import { useParams, useRouteLoaderData } from 'react-router';
import { EventEditorPage } from '../../features/events/event-editor-page';
import type { CommunityLoaderData } from '../route-guards';

/** The editor for /events/{id}/edit, and for /events/new (no id). */
export function Component() {
  const data = useRouteLoaderData('community') as CommunityLoaderData;
  const { id } = useParams();
  return (
    <EventEditorPage
      key={id ?? 'new'}
      eventId={id}
      communityId={data.membership.community_id}
      slug={data.slug}
    />
  );
}
