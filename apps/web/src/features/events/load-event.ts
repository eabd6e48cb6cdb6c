// Everything the detail and editor screens show about one event, read in parallel: the event
// with its tickets, add-ons, jobs and invitations; participants; volunteer sign-ups; the dates
// of its series; and the community's time zone.
import { richTextFromJson } from '@club/schemas';
import { supabase } from '../../lib/supabase';
import type { EventRecord, ParticipantRecord, SignupRecord } from './event-records';
import { NotFoundError } from '../../lib/request-errors';

const eventColumns = `id, community_id, title, location, description, image_path, starts_at, ends_at, status, release_at,
  published_at, cancelled_at, visibility, kind, repeat, repeat_until, series_id,
  tickets(id, name, participant_limit, join_opens_at, join_closes_at, refund_closes_at, price_ore, currency, sort_order),
  event_addons(id, name, min_per_person, max_per_person, sort_order, addon_options(id, title, price_ore, capacity, hint, sort_order)),
  volunteer_jobs(id, title, description, relevant_roles, compensation, slots, volunteer_timeslots(id, starts_at, ends_at, slots)),
  event_invitations(id, member_id, group_id, tag_id)`;

export class EventNotFoundError extends NotFoundError {
  constructor() {
    super('event');
  }
}

function sortParts(event: EventRecord): EventRecord {
  const bySort = <T extends { sort_order: number }>(a: T, b: T) => a.sort_order - b.sort_order;
  return {
    ...event,
    tickets: [...event.tickets].sort(bySort),
    event_addons: [...event.event_addons]
      .sort(bySort)
      .map((a) => ({ ...a, addon_options: [...a.addon_options].sort(bySort) })),
    volunteer_jobs: [...event.volunteer_jobs]
      .sort((a, b) => a.title.localeCompare(b.title))
      .map((j) => ({
        ...j,
        volunteer_timeslots: [...j.volunteer_timeslots].sort((a, b) =>
          a.starts_at.localeCompare(b.starts_at),
        ),
      })),
  };
}

export async function loadEvent(id: string): Promise<EventRecord> {
  const { data, error } = await supabase().from('events').select(eventColumns).eq('id', id).maybeSingle();
  if (error) throw error;
  if (!data) throw new EventNotFoundError();
  return sortParts({ ...data, description: richTextFromJson(data.description) });
}

export async function loadParticipants(eventId: string): Promise<ParticipantRecord[]> {
  const { data, error } = await supabase()
    .from('event_admin_participants')
    .select(
      'id, ticket_id, ticket_name, member_id, member_name, member_email, quantity, status, total_ore, currency, purchased_at, checked_in_at, addons, guest_name, guest_email, payment',
    )
    .eq('event_id', eventId)
    .order('purchased_at', { ascending: true });
  if (error) throw error;
  return (data ?? []) as ParticipantRecord[];
}

export async function loadSignups(jobIds: string[]): Promise<SignupRecord[]> {
  if (jobIds.length === 0) return [];
  const { data, error } = await supabase()
    .from('volunteer_signups')
    .select(
      'id, job_id, timeslot_id, member_id, guest_name, guest_email, status, checked_in_at, checked_out_at, members:member_directory(first_name, last_name)',
    )
    .in('job_id', jobIds)
    .eq('status', 'signed_up')
    .order('created_at', { ascending: true });
  if (error) throw error;
  return (data ?? []) as unknown as SignupRecord[];
}

export async function loadOccurrences(
  seriesId: string,
): Promise<{ id: string; starts_at: string; status: string }[]> {
  const { data, error } = await supabase()
    .from('events')
    .select('id, starts_at, status')
    .eq('series_id', seriesId)
    .order('starts_at', { ascending: true })
    .limit(200);
  if (error) throw error;
  return data ?? [];
}
