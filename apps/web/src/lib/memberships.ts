// Reads the `memberships` claim of an access token (shape: packages/schemas) without verifying
// it: the server verifies tokens; the app only needs to know what to show. Checked by hand
// rather than with the zod schema so the sign-in bundle does not carry zod.
import type { AdminArea, MembershipClaim, MembershipsClaim } from '@club/schemas';

// Typed as a record so that a new admin area in the schema fails typecheck here until added.
const knownAreas: Record<AdminArea, true> = {
  analytics: true,
  billing: true,
  booking: true,
  event: true,
  group: true,
  knowledge_base: true,
  member: true,
  news: true,
};

export function decodeJwtPayload(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function membershipsFromToken(accessToken: string | undefined): MembershipsClaim {
  if (!accessToken) return {};
  const claim = decodeJwtPayload(accessToken)?.memberships;
  if (!claim || typeof claim !== 'object' || Array.isArray(claim)) return {};
  const result: MembershipsClaim = {};
  for (const [slug, value] of Object.entries(claim as Record<string, unknown>)) {
    const membership = readMembership(value);
    if (membership) result[slug.toLowerCase()] = membership;
  }
  return result;
}

function readMembership(value: unknown): MembershipClaim | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.community_id !== 'string' || typeof v.name !== 'string') return undefined;
  if (v.role !== 'admin' && v.role !== 'member') return undefined;
  const areas = Array.isArray(v.areas)
    ? v.areas.filter((a): a is AdminArea => typeof a === 'string' && Object.hasOwn(knownAreas, a))
    : [];
  return {
    community_id: v.community_id,
    name: v.name,
    role: v.role,
    areas,
    membership_manager: v.membership_manager === true,
  };
}

/** The membership for a route's community segment, matched case-insensitively. */
export function findMembership(
  memberships: MembershipsClaim,
  community: string,
): { slug: string; membership: MembershipClaim } | undefined {
  const slug = community.toLowerCase();
  const membership = memberships[slug];
  return membership ? { slug, membership } : undefined;
}

export function administersAnything(memberships: MembershipsClaim): boolean {
  return Object.values(memberships).some((m) => m.role === 'admin');
}
