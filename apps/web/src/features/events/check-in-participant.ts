// Check-in from the participants list is the door's admission (decision 1070/1071): admit_purchase
// with the door's rule and verdicts, undo_admission to take it back, so the list and the door
// share one record and a ticket is never admitted twice.
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { useDataMutation } from '../../lib/queries/use-data-mutation';
import { useDescribeEventCode } from './describe-event-error';
import { eventKeys } from './use-event-community';

export interface CheckIn {
  communityId: string;
  eventId: string;
  purchaseId: string;
  name: string;
  on: boolean;
}

export interface CheckInAnswer {
  verdict: string;
  checked_in_at?: string;
}

export async function checkInParticipant(input: CheckIn): Promise<CheckInAnswer> {
  const client = supabase();
  if (!input.on) {
    const { error } = await client.rpc('undo_admission', {
      p_community_id: input.communityId,
      p_purchase_id: input.purchaseId,
    });
    if (error) throw error;
    return { verdict: 'undone' };
  }
  const { data, error } = await client.rpc('admit_purchase', {
    p_community_id: input.communityId,
    p_event_id: input.eventId,
    p_purchase_id: input.purchaseId,
  });
  if (error) throw error;
  const answer = data as unknown as CheckInAnswer;
  // A ticket the door would refuse is a failure here too, in the same words.
  if (answer.verdict === 'refunded' || answer.verdict === 'unpaid')
    throw { code: 'P0001', message: `ticket_${answer.verdict}` };
  return answer;
}

export function useCheckInParticipant(communityId: string, eventId: string, format: Formatters) {
  const t = useT(eventsMessages);
  return useDataMutation({
    mutationFn: checkInParticipant,
    invalidates: () => [eventKeys.participants(communityId, eventId)],
    success: (vars, answer) => {
      switch (answer.verdict) {
        case 'undone':
          return t('detail.participants.undone', { name: vars.name });
        case 'already_used':
          return t('detail.participants.alreadyCheckedIn', {
            name: vars.name,
            time: answer.checked_in_at ? format.time(answer.checked_in_at) : '',
          });
        default:
          return undefined;
      }
    },
    describeError: useDescribeEventCode(),
  });
}
