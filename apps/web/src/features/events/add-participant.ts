// An administrator adds a participant by hand (decision 1071): a member or a guest on one ticket
// type, through add_event_participant, which takes the places under the purchase's own limits
// and marks the ticket as added by an administrator, complimentary or to be paid.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useT } from '../../lib/i18n';
import { supabase } from '../../lib/supabase';
import { useDataMutation } from '../../lib/queries/use-data-mutation';
import { useDescribeEventCode } from './describe-event-error';
import { eventKeys } from './use-event-community';

export type ParticipantPayment = 'to_pay' | 'complimentary';

export interface AddParticipant {
  communityId: string;
  eventId: string;
  ticketId: string;
  quantity: number;
  /** The chosen add-on options (none by default). */
  addOns?: { option_id: string; quantity: number }[];
  payment: ParticipantPayment;
  /** The participant's name, for the toast. */
  name: string;
  who: { kind: 'member'; memberId: string } | { kind: 'guest'; name: string; email: string };
}

export async function addParticipant(input: AddParticipant): Promise<string> {
  const { data, error } = await supabase().rpc('add_event_participant', {
    p_community_id: input.communityId,
    p_ticket_id: input.ticketId,
    p_quantity: input.quantity,
    p_payment: input.payment,
    p_addons: input.addOns ?? [],
    ...(input.who.kind === 'member'
      ? { p_member_id: input.who.memberId }
      : { p_guest_name: input.who.name, p_guest_email: input.who.email }),
  });
  if (error) throw error;
  return data;
}

export function useAddParticipant(communityId: string, eventId: string) {
  const t = useT(eventsMessages);
  return useDataMutation({
    mutationFn: addParticipant,
    invalidates: () => [eventKeys.participants(communityId, eventId), eventKeys.detail(communityId, eventId)],
    success: (vars) => t('detail.participants.added', { name: vars.name }),
    describeError: useDescribeEventCode(),
  });
}
