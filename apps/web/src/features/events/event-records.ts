// The rows the events screens read, as the data service returns them (snake_case wire names),
// derived from the generated database types so a renamed or retyped column fails typecheck.
import type { Enums, RichTextDoc, Tables } from '@club/schemas';
import type { NonNullFields } from '../../lib/row-types';

export type EventStatus = Enums<'event_status'>;
export type EventVisibility = Enums<'event_visibility'>;
export type EventKind = Enums<'event_kind'>;
export type RepeatRule = Enums<'repeat_rule'>;

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

/** A row of the event_admin_summaries view; a view's columns are nullable to the generator,
 * these ones never are (they come from events' not-null columns and aggregates). */
export type EventSummary = NonNullFields<
  Pick<
    Tables<'event_admin_summaries'>,
    | 'id'
    | 'title'
    | 'location'
    | 'starts_at'
    | 'ends_at'
    | 'release_at'
    | 'visibility'
    | 'kind'
    | 'repeat'
    | 'series_id'
    | 'capacity'
    | 'tickets_sold'
    | 'revenue_ore'
  >,
  'id' | 'title' | 'starts_at' | 'visibility' | 'kind' | 'repeat' | 'tickets_sold' | 'revenue_ore'
> & { status: EventStatus; effective_status: EventStatus };

export type TicketRecord = Pick<
  Tables<'tickets'>,
  | 'id'
  | 'name'
  | 'participant_limit'
  | 'join_opens_at'
  | 'join_closes_at'
  | 'refund_closes_at'
  | 'price_ore'
  | 'currency'
  | 'sort_order'
>;

export type AddonOptionRecord = Pick<
  Tables<'addon_options'>,
  'id' | 'title' | 'price_ore' | 'capacity' | 'hint' | 'sort_order'
>;

export type AddonRecord = Pick<
  Tables<'event_addons'>,
  'id' | 'name' | 'min_per_person' | 'max_per_person' | 'sort_order'
> & { addon_options: AddonOptionRecord[] };

export type TimeslotRecord = Pick<Tables<'volunteer_timeslots'>, 'id' | 'starts_at' | 'ends_at' | 'slots'>;

export type JobRecord = Pick<
  Tables<'volunteer_jobs'>,
  'id' | 'title' | 'description' | 'relevant_roles' | 'compensation' | 'slots'
> & { volunteer_timeslots: TimeslotRecord[] };

export type InvitationRecord = Pick<Tables<'event_invitations'>, 'id' | 'member_id' | 'group_id' | 'tag_id'>;

export type EventRecord = Pick<
  Tables<'events'>,
  | 'id'
  | 'community_id'
  | 'title'
  | 'location'
  | 'image_path'
  | 'starts_at'
  | 'ends_at'
  | 'status'
  | 'release_at'
  | 'published_at'
  | 'cancelled_at'
  | 'visibility'
  | 'kind'
  | 'repeat'
  | 'repeat_until'
  | 'series_id'
> & {
  /** Stored as a checked rich-text document (docs/decisions/0805); the generator says Json. */
  description: RichTextDoc | null;
  tickets: TicketRecord[];
  event_addons: AddonRecord[];
  volunteer_jobs: JobRecord[];
  event_invitations: InvitationRecord[];
};

/** A row of the event_admin_participants view; member_id is null for a guest an administrator
 * added, whose name and e-mail are guest_name and guest_email. */
export type ParticipantRecord = NonNullFields<
  Pick<
    Tables<'event_admin_participants'>,
    | 'id'
    | 'ticket_id'
    | 'ticket_name'
    | 'member_id'
    | 'member_name'
    | 'member_email'
    | 'quantity'
    | 'total_ore'
    | 'currency'
    | 'purchased_at'
    | 'checked_in_at'
    | 'guest_name'
    | 'guest_email'
  >,
  'id' | 'ticket_id' | 'ticket_name' | 'member_name' | 'quantity' | 'total_ore' | 'currency' | 'purchased_at'
> & {
  status: 'active' | 'cancelled';
  /** Set when an administrator added the ticket by hand (decision 1071). */
  payment: 'to_pay' | 'complimentary' | null;
  addons: { option_id: string; title: string; addon: string; quantity: number; unit_price_ore: number }[];
};

export type SignupRecord = Pick<
  Tables<'volunteer_signups'>,
  | 'id'
  | 'job_id'
  | 'timeslot_id'
  | 'member_id'
  | 'guest_name'
  | 'guest_email'
  | 'checked_in_at'
  | 'checked_out_at'
> & {
  status: 'signed_up' | 'cancelled';
  members: Pick<Tables<'members'>, 'first_name' | 'last_name'> | null;
};

/** Members, groups and tags of the community that an event can invite. */
export interface Invitee {
  id: string;
  label: string;
}
