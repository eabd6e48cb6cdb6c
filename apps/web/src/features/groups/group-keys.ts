// Query keys of the groups area: everything of a community under one prefix, so a write can
// refresh the area with one invalidation.
export const groupKeys = {
  all: (communityId: string) => ['groups', communityId] as const,
  list: (communityId: string, query: unknown) => ['groups', communityId, 'list', query] as const,
  detail: (communityId: string, id: string) => ['groups', communityId, 'detail', id] as const,
  roster: (communityId: string, id: string, query: unknown) =>
    ['groups', communityId, 'roster', id, query] as const,
  requests: (communityId: string, id: string) => ['groups', communityId, 'requests', id] as const,
  tags: (communityId: string) => ['groups', communityId, 'tags'] as const,
  owners: (communityId: string) => ['groups', communityId, 'owners'] as const,
  register: (communityId: string, search: string) => ['groups', communityId, 'register', search] as const,
  chargePreview: (values: unknown) => ['groups', 'charge-preview', values] as const,
  feePreview: (communityId: string, id: string, day: string) =>
    ['groups', communityId, 'fee-preview', id, day] as const,
};
