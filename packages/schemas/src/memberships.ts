// The `memberships` claim that the custom access token hook puts into every access token
// (product.md §3): an object keyed by community slug (lower case). The web app reads it
// to guard community routes and to show only the admin areas a user has.
import { z } from 'zod';

export const adminAreas = [
  'analytics',
  'billing',
  'booking',
  'event',
  'group',
  'knowledge_base',
  'member',
  'news',
] as const;

export const adminAreaSchema = z.enum(adminAreas);
export type AdminArea = z.infer<typeof adminAreaSchema>;

export const membershipClaimSchema = z.object({
  community_id: z.string().uuid(),
  name: z.string(),
  /** 'admin' when the user administers at least one area, else 'member'. */
  role: z.enum(['admin', 'member']),
  areas: z.array(adminAreaSchema),
  membership_manager: z.boolean(),
});
export type MembershipClaim = z.infer<typeof membershipClaimSchema>;

export const membershipsClaimSchema = z.record(z.string(), membershipClaimSchema);
export type MembershipsClaim = z.infer<typeof membershipsClaimSchema>;
