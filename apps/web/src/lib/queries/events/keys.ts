// Query keys of events, shared by both apps: everything of a community under ['events', communityId].
export const eventKeys = {
  all: (communityId: string) => ['events', communityId] as const,
  upcoming: (communityId: string) => ['events', communityId, 'upcoming'] as const,
};
