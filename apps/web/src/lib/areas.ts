// The community areas in the sidebar's fixed order (UI.md), each with the admin areas that
// grant it (schemas' adminAreas; any one of them will do). Tags classify members, groups and
// events, so those areas govern them; clubs hold members and groups, so those areas see them
// (owners, who hold every area, change them) — decision 1053, enforced by the database too.
// Overview and settings are shown to every admin of the community.
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

const grantedBy: Partial<Record<CommunityArea, readonly AdminArea[]>> = {
  events: ['event'],
  news: ['news'],
  groups: ['group'],
  members: ['member'],
  booking: ['booking'],
  orders: ['booking'],
  billing: ['billing'],
  tags: ['member', 'group', 'event'],
  analytics: ['analytics'],
  clubs: ['member', 'group'],
  'knowledge-base': ['knowledge_base'],
};

/** The admin areas that grant a community area (undefined: every admin has it). */
export function areasGranting(area: CommunityArea): readonly AdminArea[] | undefined {
  return grantedBy[area];
}

export function canAdminister(membership: MembershipClaim, area: CommunityArea): boolean {
  if (membership.role !== 'admin') return false;
  const needed = grantedBy[area];
  return needed === undefined || needed.some((a) => membership.areas.includes(a));
}

export function visibleAreas(membership: MembershipClaim): CommunityArea[] {
  return communityAreas.filter((area) => canAdminister(membership, area));
}
