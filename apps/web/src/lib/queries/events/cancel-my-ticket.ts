// Giving a ticket back: a free ticket (or a hold not yet paid) is cancelled; one paid online is
// refunded through the checkout function, which cancels it once the provider has refunded.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeTicketError } from './describe-ticket-error';
import { functionError } from '../function-error';
import { eventKeys } from './keys';

export async function cancelMyTicket(ticket: { id: string; paidOnline: boolean }): Promise<void> {
  const client = supabase();
  if (!ticket.paidOnline) {
    const { error } = await client.rpc('cancel_ticket', { p_purchase_id: ticket.id });
    if (error) throw error;
    return;
  }
  const { error } = await client.functions.invoke('checkout', {
    body: { action: 'refund', purchase_id: ticket.id },
  });
  if (error) throw await functionError(error);
}

export function useCancelMyTicket(communityId: string) {
  const t = useT(memberEventsMessages);
  return useDataMutation({
    mutationFn: cancelMyTicket,
    invalidates: () => [eventKeys.all(communityId)],
    success: (ticket) => (ticket.paidOnline ? t('refunded') : t('cancelled')),
    describeError: useDescribeTicketError(),
  });
}
