// The community an events screen works in (its id, slug, name and time zone) and the query
// keys of the events area. The time zone itself comes from lib/community-time-zone.ts.

export interface EventCommunity {
  id: string;
  slug: string;
  name: string;
  timeZone: string;
}

export const eventKeys = {
  all: (communityId: string) => ['events', communityId] as const,
  list: (communityId: string, query: unknown) => ['events', communityId, 'list', query] as const,
  detail: (communityId: string, id: string) => ['events', communityId, 'detail', id] as const,
  participants: (communityId: string, id: string) => ['events', communityId, 'participants', id] as const,
  signups: (communityId: string, id: string) => ['events', communityId, 'signups', id] as const,
  occurrences: (communityId: string, id: string) => ['events', communityId, 'occurrences', id] as const,
};
