// Query keys of events, shared by both apps: everything of a community under ['events', communityId].
export const eventKeys = {
  all: (communityId: string) => ['events', communityId] as const,
  upcoming: (communityId: string) => ['events', communityId, 'upcoming'] as const,
  memberList: (communityId: string) => ['events', communityId, 'member-list'] as const,
  memberEvent: (communityId: string, eventId: string) =>
    ['events', communityId, 'member-event', eventId] as const,
  myTickets: (communityId: string) => ['events', communityId, 'my-tickets'] as const,
};
