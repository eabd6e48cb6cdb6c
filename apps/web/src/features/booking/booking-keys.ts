// Query keys of the booking area: everything under ['booking', communityId], so one
// invalidation after a write (or a live change) refreshes every booking screen.
export const bookingKeys = {
  all: (communityId: string) => ['booking', communityId] as const,
  products: (communityId: string, state: unknown) => ['booking', communityId, 'products', state] as const,
  product: (communityId: string, id: string) => ['booking', communityId, 'product', id] as const,
  choices: (communityId: string) => ['booking', communityId, 'choices'] as const,
  list: (communityId: string, state: unknown) => ['booking', communityId, 'list', state] as const,
  week: (communityId: string, from: string, days: number) =>
    ['booking', communityId, 'week', from, days] as const,
  detail: (communityId: string, id: string) => ['booking', communityId, 'detail', id] as const,
  utilisation: (communityId: string, query: unknown) =>
    ['booking', communityId, 'utilisation', query] as const,
};
