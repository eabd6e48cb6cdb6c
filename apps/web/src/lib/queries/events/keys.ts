// Query keys of events, shared by both apps: everything of a community under ['events', communityId].
export const eventKeys = {
  all: (communityId: string) => ['events', communityId] as const,
  upcoming: (communityId: string) => ['events', communityId, 'upcoming'] as const,
  memberList: (communityId: string) => ['events', communityId, 'member-list'] as const,
  memberEvent: (communityId: string, eventId: string) =>
    ['events', communityId, 'member-event', eventId] as const,
  myTickets: (communityId: string) => ['events', communityId, 'my-tickets'] as const,
  /** Volunteer shifts: every event's ('all') or one event's, all made stale by one sign-up. */
  shifts: (communityId: string, eventId?: string) =>
    eventId
      ? (['events', communityId, 'shifts', eventId] as const)
      : (['events', communityId, 'shifts'] as const),
};
