// Query keys of groups, shared by both apps: everything of a community under ['groups', communityId].
export const groupKeys = {
  all: (communityId: string) => ['groups', communityId] as const,
  visible: (communityId: string) => ['groups', communityId, 'visible'] as const,
  mine: (communityId: string) => ['groups', communityId, 'mine'] as const,
};
