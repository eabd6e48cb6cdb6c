// The community areas in the sidebar's fixed order (UI.md), each with the admin area that
// grants it (schemas' adminAreas). Areas without an admin area of their own (overview, tags,
// clubs, settings) are shown to every admin of the community (an owner is an admin even
// without named areas).
import type { AdminArea, MembershipClaim } from '@club/schemas';

export const communityAreas = [
  'overview',
  'events',
  'news',
  'groups',
  'members',
  'booking',
  'orders',
  'billing',
  'tags',
  'analytics',
  'clubs',
  'knowledge-base',
  'settings',
] as const;
export type CommunityArea = (typeof communityAreas)[number];

const grantedBy: Partial<Record<CommunityArea, AdminArea>> = {
  events: 'event',
  news: 'news',
  groups: 'group',
  members: 'member',
  booking: 'booking',
  orders: 'booking',
  billing: 'billing',
  analytics: 'analytics',
  'knowledge-base': 'knowledge_base',
};

export function canAdminister(membership: MembershipClaim, area: CommunityArea): boolean {
  if (membership.role !== 'admin') return false;
  const needed = grantedBy[area];
  return needed === undefined || membership.areas.includes(needed);
}

export function visibleAreas(membership: MembershipClaim): CommunityArea[] {
  return communityAreas.filter((area) => canAdminister(membership, area));
}
