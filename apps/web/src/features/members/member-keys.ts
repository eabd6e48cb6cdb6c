// TanStack Query keys of the members area; invalidating `all` refreshes every members screen.
export const memberKeys = {
  all: (communityId: string) => ['members', communityId] as const,
  register: (communityId: string, query: unknown) => ['members', communityId, 'register', query] as const,
  lookup: (communityId: string, text: string) => ['members', communityId, 'lookup', text] as const,
  detail: (communityId: string, id: string) => ['members', communityId, 'detail', id] as const,
  history: (communityId: string, id: string) => ['members', communityId, 'history', id] as const,
  importJobs: (communityId: string) => ['members', communityId, 'import-jobs'] as const,
  postcodes: () => ['dk-postcodes'] as const,
  tags: (communityId: string) => ['members', communityId, 'tags'] as const,
  groups: (communityId: string) => ['members', communityId, 'groups'] as const,
};
