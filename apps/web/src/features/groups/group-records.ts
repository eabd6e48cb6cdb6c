// Row types of the groups screens, derived from the generated database types.
import type { Enums, Tables } from '@club/schemas';
import type { NonNullFields } from '../../lib/row-types';

export type GroupVisibility = Enums<'group_visibility'>;
export type PaymentFrequency = Enums<'payment_frequency'>;
export const groupVisibilities: GroupVisibility[] = ['public', 'members', 'invite_only'];
export const paymentFrequencies: PaymentFrequency[] = ['one_time', 'monthly', 'quarterly', 'annually'];
export const groupRoles = ['member', 'coach', 'leader'] as const;
export type GroupRole = (typeof groupRoles)[number];
export const midPeriodRules = ['full', 'pro_rata', 'free_until_next_period'] as const;
export type MidPeriodRule = (typeof midPeriodRules)[number];

type Summary = Tables<'group_admin_summaries'>;
export type GroupSummary = NonNullFields<
  Pick<
    Summary,
    | 'id'
    | 'title'
    | 'visibility'
    | 'archived'
    | 'payment_frequency'
    | 'price_ore'
    | 'currency'
    | 'owner_member_id'
    | 'owner_name'
    | 'member_count'
    | 'pending_requests'
    | 'cover_image_path'
  >,
  'id' | 'title' | 'visibility' | 'archived' | 'price_ore' | 'currency' | 'member_count' | 'pending_requests'
>;

export type GroupRecord = Pick<
  Tables<'groups'>,
  | 'id'
  | 'community_id'
  | 'title'
  | 'description'
  | 'owner_member_id'
  | 'cover_image_path'
  | 'payment_frequency'
  | 'price_ore'
  | 'currency'
  | 'visibility'
  | 'archived'
  | 'charging_starts_on'
  | 'mid_period_join'
  | 'requires_approval'
  | 'welcome_subject_da'
  | 'welcome_body_da'
  | 'welcome_subject_en'
  | 'welcome_body_en'
  | 'welcome_email'
> & {
  owner_name: string | null;
  member_count: number;
  ever_had_members: boolean;
  tag_ids: string[];
};

type Roster = Tables<'group_member_roster'>;
export type RosterRow = NonNullFields<
  Pick<
    Roster,
    | 'id'
    | 'member_id'
    | 'role'
    | 'joined_at'
    | 'payment_status'
    | 'welcome_sent_at'
    | 'full_name'
    | 'email'
    | 'last_charged_period'
  >,
  'id' | 'member_id' | 'role' | 'joined_at' | 'payment_status' | 'full_name'
>;

export type JoinRequestRow = NonNullFields<
  Pick<
    Tables<'group_join_request_list'>,
    'id' | 'member_id' | 'full_name' | 'email' | 'message' | 'created_at'
  >,
  'id' | 'member_id' | 'full_name' | 'created_at'
>;

export interface TagOption {
  id: string;
  name: string;
}
export interface MemberOption {
  id: string;
  full_name: string;
  email: string | null;
  mid: number | null;
}
