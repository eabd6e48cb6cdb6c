// The volunteer shifts a member may see (volunteer_shifts, decision 1072): each job's timeslots,
// or the job itself when it has none, with places taken of places, the member's own sign-up and
// why they may not take it. A GET, so the service worker keeps the last answer offline.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { eventKeys } from './keys';

export async function loadVolunteerShifts(communityId: string, eventId?: string) {
  const { data, error } = await supabase().rpc(
    'volunteer_shifts',
    eventId ? { p_community_id: communityId, p_event_id: eventId } : { p_community_id: communityId },
    { get: true },
  );
  if (error) throw error;
  // The generated type cannot say which columns of a returned table may be null.
  const nullable = <T>(value: T) => value as T | null;
  return (data ?? []).map((r) => ({
    key: `${r.job_id}:${nullable(r.timeslot_id) ?? ''}`,
    eventId: r.event_id,
    eventTitle: r.event_title,
    eventLocation: nullable(r.event_location),
    eventStartsAt: r.event_starts_at,
    jobId: r.job_id,
    jobTitle: r.job_title,
    jobDescription: nullable(r.job_description),
    compensation: nullable(r.compensation),
    relevantRoles: r.relevant_roles,
    requiresChildCertificate: r.requires_child_certificate,
    timeslotId: nullable(r.timeslot_id),
    startsAt: r.starts_at,
    endsAt: nullable(r.ends_at),
    slots: r.slots,
    taken: r.taken,
    mySignupId: nullable(r.my_signup_id),
    myCheckedInAt: nullable(r.my_checked_in_at),
    /** Why the member may not take it (a sign_up_volunteer code), or null. */
    refusal: nullable(r.refusal),
    mayCancel: r.may_cancel,
  }));
}

export type VolunteerShift = Awaited<ReturnType<typeof loadVolunteerShifts>>[number];

export function useVolunteerShifts(communityId: string, eventId?: string) {
  return useQuery({
    queryKey: eventKeys.shifts(communityId, eventId),
    queryFn: () => loadVolunteerShifts(communityId, eventId),
  });
}
