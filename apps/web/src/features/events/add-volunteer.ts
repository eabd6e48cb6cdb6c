// An administrator puts a member of the club, or a guest, on a volunteer slot (decision 1071):
// add_volunteer keeps the sign-up's rules (slots left, roles, certificate, once per member).
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { useDataMutation } from '../../lib/queries/use-data-mutation';
import { useDescribeEventCode } from './describe-event-error';
import { eventKeys } from './use-event-community';

export interface AddVolunteer {
  communityId: string;
  eventId: string;
  jobId: string;
  timeslotId: string | null;
  /** The volunteer's name, for the toast. */
  name: string;
  who: { kind: 'member'; memberId: string } | { kind: 'guest'; name: string; email: string };
}

export async function addVolunteer(input: AddVolunteer): Promise<string> {
  const { data, error } = await supabase().rpc('add_volunteer', {
    p_community_id: input.communityId,
    p_job_id: input.jobId,
    ...(input.timeslotId ? { p_timeslot_id: input.timeslotId } : {}),
    ...(input.who.kind === 'member'
      ? { p_member_id: input.who.memberId }
      : { p_guest_name: input.who.name, p_guest_email: input.who.email }),
  });
  if (error) throw error;
  return data;
}

export function useAddVolunteer(communityId: string, eventId: string) {
  const t = useT(eventsMessages);
  return useDataMutation({
    mutationFn: addVolunteer,
    invalidates: () => [eventKeys.signups(communityId, eventId)],
    success: (vars) => t('detail.volunteers.guestAdded', { name: vars.name }),
    describeError: useDescribeEventCode(),
  });
}
