// The community an events screen works in: its id and slug from the route's membership, and
// its time zone (read once and cached), in which every date is shown and entered.
import { useQuery } from '@tanstack/react-query';
import { loadCommunityTimeZone } from './load-event';

export interface EventCommunity {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
}

export function useCommunityTimeZone(communityId: string): string | undefined {
  const { data } = useQuery({
    queryKey: ['community-time-zone', communityId],
    queryFn: () => loadCommunityTimeZone(communityId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data;
}

export const eventKeys = {
  all: (communityId: string) => ['events', communityId] as const,
  list: (communityId: string, query: unknown) => ['events', communityId, 'list', query] as const,
  detail: (communityId: string, id: string) => ['events', communityId, 'detail', id] as const,
  participants: (communityId: string, id: string) => ['events', communityId, 'participants', id] as const,
  signups: (communityId: string, id: string) => ['events', communityId, 'signups', id] as const,
  occurrences: (communityId: string, id: string) => ['events', communityId, 'occurrences', id] as const,
};
