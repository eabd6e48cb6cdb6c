// The editor's working copy of an event: every field as the text its input holds, wall-clock
// times in the community's time zone. `draftFromEvent` fills it from the stored event and
// `documentFromDraft` turns it into the JSON document `save_event` takes.
import type { Json } from '@club/schemas';
import type {
  EventKind,
  EventRecord,
  EventStatus,
  EventVisibility,
  Invitee,
  RepeatRule,
} from './event-records';
import { isoToZonedInput, zonedInputToIso } from '../../lib/zoned-time';
import { richTextAsJson, richTextHasContent, type RichTextDoc } from '@club/schemas';

export interface TicketDraft {
  key: string;
  id?: string;
  name: string;
  participantLimit: string;
  joinOpensAt: string;
  joinClosesAt: string;
  refundClosesAt: string;
  paid: boolean;
  price: string;
}

export interface OptionDraft {
  key: string;
  id?: string;
  title: string;
  price: string;
  capacity: string;
  hint: string;
}

export interface AddonDraft {
  key: string;
  id?: string;
  name: string;
  min: string;
  max: string;
  options: OptionDraft[];
}

export interface TimeslotDraft {
  key: string;
  id?: string;
  startsAt: string;
  endsAt: string;
  slots: string;
}

export interface JobDraft {
  key: string;
  id?: string;
  title: string;
  roles: string;
  compensation: string;
  slots: string;
  timeslots: TimeslotDraft[];
}

export interface EventDraft {
  title: string;
  location: string;
  /** The stored rich-text document; null when the field is empty. */
  description: RichTextDoc | null;
  imagePath: string;
  startsAt: string;
  endsAt: string;
  repeat: RepeatRule;
  repeatUntil: string;
  visibility: EventVisibility;
  kind: EventKind;
  releaseAt: string;
  tickets: TicketDraft[];
  addons: AddonDraft[];
  jobs: JobDraft[];
  invitedMembers: Invitee[];
  invitedGroups: string[];
  invitedTags: string[];
}

export type PublishChoice = 'now' | 'later' | 'draft' | 'keep';

let keySeed = 0;
export function newKey(): string {
  keySeed += 1;
  return `new-${keySeed}`;
}

export function emptyTicket(): TicketDraft {
  return {
    key: newKey(),
    name: '',
    participantLimit: '',
    joinOpensAt: '',
    joinClosesAt: '',
    refundClosesAt: '',
    paid: false,
    price: '',
  };
}
export function emptyOption(): OptionDraft {
  return { key: newKey(), title: '', price: '', capacity: '', hint: '' };
}
export function emptyAddon(): AddonDraft {
  return { key: newKey(), name: '', min: '0', max: '', options: [emptyOption()] };
}
export function emptyTimeslot(): TimeslotDraft {
  return { key: newKey(), startsAt: '', endsAt: '', slots: '' };
}
export function emptyJob(): JobDraft {
  return { key: newKey(), title: '', roles: '', compensation: '', slots: '1', timeslots: [] };
}

export function emptyDraft(): EventDraft {
  return {
    title: '',
    location: '',
    description: null,
    imagePath: '',
    startsAt: '',
    endsAt: '',
    repeat: 'never',
    repeatUntil: '',
    visibility: 'members',
    kind: 'internal',
    releaseAt: '',
    tickets: [],
    addons: [],
    jobs: [],
    invitedMembers: [],
    invitedGroups: [],
    invitedTags: [],
  };
}

/** Øre as the text a Danish or English user types: "125" or "125,50". */
export function priceText(ore: number): string {
  if (ore % 100 === 0) return String(ore / 100);
  return (ore / 100).toFixed(2).replace('.', ',');
}

/** "125", "125,50", "125.5", "1.234,50" or "1,234.50" → øre; undefined when not a price. */
export function parsePrice(text: string): number | undefined {
  const t = text.replace(/\s|kr\.?|DKK/gi, '');
  let normalised: string | undefined;
  if (/^\d+$/.test(t)) normalised = t;
  else if (/^\d+[.,]\d{1,2}$/.test(t)) normalised = t.replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(t)) normalised = t.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(t)) normalised = t.replace(/,/g, '');
  if (normalised === undefined) return undefined;
  const ore = Math.round(Number(normalised) * 100);
  return Number.isSafeInteger(ore) && ore <= 2_000_000_000 ? ore : undefined;
}

export function draftFromEvent(
  event: EventRecord,
  timeZone: string,
  memberNames: Map<string, string>,
): EventDraft {
  const at = (iso: string | null) => isoToZonedInput(iso, timeZone);
  return {
    title: event.title,
    location: event.location ?? '',
    description: event.description,
    imagePath: event.image_path ?? '',
    startsAt: at(event.starts_at),
    endsAt: at(event.ends_at),
    repeat: event.repeat,
    repeatUntil: event.repeat_until ?? '',
    visibility: event.visibility,
    kind: event.kind,
    releaseAt: at(event.release_at),
    tickets: event.tickets.map((t) => ({
      key: t.id,
      id: t.id,
      name: t.name,
      participantLimit: t.participant_limit === null ? '' : String(t.participant_limit),
      joinOpensAt: at(t.join_opens_at),
      joinClosesAt: at(t.join_closes_at),
      refundClosesAt: at(t.refund_closes_at),
      paid: t.price_ore > 0,
      price: t.price_ore > 0 ? priceText(t.price_ore) : '',
    })),
    addons: event.event_addons.map((a) => ({
      key: a.id,
      id: a.id,
      name: a.name,
      min: String(a.min_per_person),
      max: a.max_per_person === null ? '' : String(a.max_per_person),
      options: a.addon_options.map((o) => ({
        key: o.id,
        id: o.id,
        title: o.title,
        price: priceText(o.price_ore),
        capacity: o.capacity === null ? '' : String(o.capacity),
        hint: o.hint ?? '',
      })),
    })),
    jobs: event.volunteer_jobs.map((j) => ({
      key: j.id,
      id: j.id,
      title: j.title,
      roles: j.relevant_roles.join(', '),
      compensation: j.compensation ?? '',
      slots: String(j.slots),
      timeslots: j.volunteer_timeslots.map((s) => ({
        key: s.id,
        id: s.id,
        startsAt: at(s.starts_at),
        endsAt: at(s.ends_at),
        slots: s.slots === null ? '' : String(s.slots),
      })),
    })),
    invitedMembers: event.event_invitations
      .filter((i) => i.member_id)
      .map((i) => ({ id: i.member_id!, label: memberNames.get(i.member_id!) ?? i.member_id! })),
    invitedGroups: event.event_invitations.filter((i) => i.group_id).map((i) => i.group_id!),
    invitedTags: event.event_invitations.filter((i) => i.tag_id).map((i) => i.tag_id!),
  };
}

const optionalInt = (text: string) => (text.trim() === '' ? null : Number.parseInt(text, 10));

/** The status an event gets from the chosen publishing action, given where it is now. */
export function nextStatus(current: EventStatus | undefined, choice: PublishChoice): EventStatus {
  if (choice === 'now') return 'published';
  if (choice === 'later') return 'scheduled';
  if (choice === 'draft') return 'draft';
  return current ?? 'draft';
}

export function documentFromDraft(
  draft: EventDraft,
  context: { id?: string; communityId: string; timeZone: string; status: EventStatus },
): { [key: string]: Json } {
  const at = (value: string) => (value ? (zonedInputToIso(value, context.timeZone) ?? null) : null);
  return {
    ...(context.id ? { id: context.id } : {}),
    community_id: context.communityId,
    title: draft.title.trim(),
    location: draft.location.trim() || null,
    description: richTextAsJson(richTextHasContent(draft.description) ? draft.description : null),
    image_path: draft.imagePath || null,
    starts_at: at(draft.startsAt),
    ends_at: at(draft.endsAt),
    status: context.status,
    release_at: context.status === 'scheduled' ? at(draft.releaseAt) : null,
    visibility: draft.visibility,
    kind: draft.kind,
    repeat: draft.repeat,
    repeat_until: draft.repeat === 'never' ? null : draft.repeatUntil || null,
    tickets: draft.tickets.map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      name: t.name.trim(),
      participant_limit: optionalInt(t.participantLimit),
      join_opens_at: at(t.joinOpensAt),
      join_closes_at: at(t.joinClosesAt),
      refund_closes_at: at(t.refundClosesAt),
      price_ore: t.paid ? (parsePrice(t.price) ?? 0) : 0,
    })),
    addons: draft.addons.map((a) => ({
      ...(a.id ? { id: a.id } : {}),
      name: a.name.trim(),
      min_per_person: optionalInt(a.min) ?? 0,
      max_per_person: optionalInt(a.max),
      options: a.options.map((o) => ({
        ...(o.id ? { id: o.id } : {}),
        title: o.title.trim(),
        price_ore: parsePrice(o.price || '0') ?? 0,
        capacity: optionalInt(o.capacity),
        hint: o.hint.trim(),
      })),
    })),
    jobs: draft.jobs.map((j) => ({
      ...(j.id ? { id: j.id } : {}),
      title: j.title.trim(),
      relevant_roles: j.roles
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
      compensation: j.compensation.trim(),
      slots: optionalInt(j.slots) ?? 1,
      timeslots: j.timeslots.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        starts_at: at(s.startsAt),
        ends_at: at(s.endsAt),
        slots: optionalInt(s.slots),
      })),
    })),
    invitations: [
      ...draft.invitedMembers.map((m) => ({ member_id: m.id })),
      ...draft.invitedGroups.map((id) => ({ group_id: id })),
      ...draft.invitedTags.map((id) => ({ tag_id: id })),
    ],
  };
}
