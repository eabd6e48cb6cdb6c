// Query keys of members, shared by both apps: everything of a community under ['members', communityId].
export const memberKeys = {
  all: (communityId: string) => ['members', communityId] as const,
  me: (communityId: string) => ['members', communityId, 'me'] as const,
};
