// Query keys of the knowledge base, shared by both apps: everything under ['kb', communityId].
export const knowledgeBaseKeys = {
  all: (communityId: string) => ['kb', communityId] as const,
  published: (communityId: string) => ['kb', communityId, 'published'] as const,
  article: (communityId: string, slug: string) => ['kb', communityId, 'article', slug] as const,
};
