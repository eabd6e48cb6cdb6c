// Query keys of the news area: everything of a community under ['news', communityId].
export const newsKeys = {
  all: (communityId: string) => ['news', communityId] as const,
  list: (communityId: string, query: unknown) => ['news', communityId, 'list', query] as const,
  authors: (communityId: string) => ['news', communityId, 'authors'] as const,
  post: (communityId: string, id: string) => ['news', communityId, 'post', id] as const,
  comments: (communityId: string, id: string) => ['news', communityId, 'comments', id] as const,
  mailing: (communityId: string, id: string) => ['news', communityId, 'mailing', id] as const,
};
