// The rows the events screens read, as the data service returns them (snake_case wire names).
import type { RichTextDoc } from '@club/schemas';

export type EventStatus = 'draft' | 'scheduled' | 'published' | 'cancelled';
export type EventVisibility = 'public' | 'members' | 'invite_only' | 'hidden';
export type EventKind = 'internal' | 'external';
export type RepeatRule =
  'never' | 'weekly' | 'biweekly' | 'monthly' | 'yearly' | 'first_weekday' | 'last_weekday';

export const eventStatuses: EventStatus[] = ['draft', 'scheduled', 'published', 'cancelled'];
export const eventVisibilities: EventVisibility[] = ['public', 'members', 'invite_only', 'hidden'];
export const eventKinds: EventKind[] = ['internal', 'external'];
export const repeatRules: RepeatRule[] = [
  'never',
  'weekly',
  'biweekly',
  'monthly',
  'yearly',
  'first_weekday',
  'last_weekday',
];

export interface EventSummary {
  id: string;
  title: string;
  location: string | null;
  starts_at: string;
  ends_at: string | null;
  status: EventStatus;
  effective_status: EventStatus;
  release_at: string | null;
  visibility: EventVisibility;
  kind: EventKind;
  repeat: RepeatRule;
  series_id: string | null;
  capacity: number | null;
  tickets_sold: number;
  revenue_ore: string | number;
}

export interface TicketRecord {
  id: string;
  name: string;
  participant_limit: number | null;
  join_opens_at: string | null;
  join_closes_at: string | null;
  refund_closes_at: string | null;
  price_ore: number;
  currency: string;
  sort_order: number;
}

export interface AddonOptionRecord {
  id: string;
  title: string;
  price_ore: number;
  capacity: number | null;
  hint: string | null;
  sort_order: number;
}

export interface AddonRecord {
  id: string;
  name: string;
  min_per_person: number;
  max_per_person: number | null;
  sort_order: number;
  addon_options: AddonOptionRecord[];
}

export interface TimeslotRecord {
  id: string;
  starts_at: string;
  ends_at: string;
  slots: number | null;
}

export interface JobRecord {
  id: string;
  title: string;
  description: string | null;
  relevant_roles: string[];
  compensation: string | null;
  slots: number;
  volunteer_timeslots: TimeslotRecord[];
}

export interface InvitationRecord {
  id: string;
  member_id: string | null;
  group_id: string | null;
  tag_id: string | null;
}

export interface EventRecord {
  id: string;
  community_id: string;
  title: string;
  location: string | null;
  description: RichTextDoc | null;
  image_path: string | null;
  starts_at: string;
  ends_at: string | null;
  status: EventStatus;
  release_at: string | null;
  published_at: string | null;
  cancelled_at: string | null;
  visibility: EventVisibility;
  kind: EventKind;
  repeat: RepeatRule;
  repeat_until: string | null;
  series_id: string | null;
  tickets: TicketRecord[];
  event_addons: AddonRecord[];
  volunteer_jobs: JobRecord[];
  event_invitations: InvitationRecord[];
}

export interface ParticipantRecord {
  id: string;
  ticket_id: string;
  ticket_name: string;
  member_id: string;
  member_name: string;
  member_email: string | null;
  quantity: number;
  status: 'active' | 'cancelled';
  total_ore: number;
  currency: string;
  purchased_at: string;
  checked_in_at: string | null;
  addons: { option_id: string; title: string; addon: string; quantity: number; unit_price_ore: number }[];
}

export interface SignupRecord {
  id: string;
  job_id: string;
  timeslot_id: string | null;
  member_id: string | null;
  guest_name: string | null;
  guest_email: string | null;
  status: 'signed_up' | 'cancelled';
  checked_in_at: string | null;
  checked_out_at: string | null;
  members: { first_name: string | null; last_name: string | null } | null;
}

/** Members, groups and tags of the community that an event can invite. */
export interface Invitee {
  id: string;
  label: string;
}
