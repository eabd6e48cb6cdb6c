// TanStack Query keys of the orders area; invalidating `all` refreshes every orders screen.
export const orderKeys = {
  all: (communityId: string) => ['orders', communityId] as const,
  list: (communityId: string, query: unknown) => ['orders', communityId, 'list', query] as const,
  detail: (communityId: string, id: string) => ['orders', communityId, 'detail', id] as const,
};
