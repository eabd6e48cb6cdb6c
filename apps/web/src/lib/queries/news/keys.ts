// Query keys of news, shared by both apps: everything of a community under ['news', communityId]
// (the admin area's newsKeys use the same root, so a write here refreshes its screens too).
export const newsKeys = {
  all: (communityId: string) => ['news', communityId] as const,
  feed: (communityId: string) => ['news', communityId, 'feed'] as const,
  post: (communityId: string, id: string) => ['news', communityId, 'post', id] as const,
  comments: (communityId: string, id: string) => ['news', communityId, 'comments', id] as const,
};
