// Taking tickets is the checkout (decision 1033): start_checkout holds the places under every
// buy_ticket rule; a free order is confirmed at once, a priced one goes on to the provider's page
// through the checkout function. The key is made once per attempt by the form, so a double tap or
// a retry after a lost answer is the same order, never a second one.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDataMutation } from '../use-data-mutation';
import { useDescribeTicketError } from './describe-ticket-error';
import { functionError } from '../function-error';
import { eventKeys } from './keys';

export interface TakeTickets {
  communityId: string;
  ticketId: string;
  quantity: number;
  addOns: { option_id: string; quantity: number }[];
  idempotencyKey: string;
  method: 'mobilepay' | 'card';
  /** Where the provider sends the member back to. */
  returnUrl: string;
}

export type TakeTicketsResult = { kind: 'confirmed' } | { kind: 'pay'; redirectUrl: string };

export async function takeTickets(input: TakeTickets): Promise<TakeTicketsResult> {
  const client = supabase();
  const { data, error } = await client.rpc('start_checkout', {
    p_community_id: input.communityId,
    p_items: [{ kind: 'ticket', ticket_id: input.ticketId, quantity: input.quantity, add_ons: input.addOns }],
    p_idempotency_key: input.idempotencyKey,
  });
  if (error) throw error;
  const answer = data as { order_id: string; status: string; total_ore: number };
  if (answer.status === 'paid') return { kind: 'confirmed' };
  if (answer.status === 'expired' || answer.status === 'cancelled')
    throw { code: 'P0001', message: 'order_expired' };
  const paid = await client.functions.invoke<{ redirect_url: string }>('checkout', {
    body: { order_id: answer.order_id, method: input.method, return_url: input.returnUrl },
  });
  if (paid.error) {
    const failure = await functionError(paid.error);
    await releaseHold(answer.order_id);
    throw failure;
  }
  return { kind: 'pay', redirectUrl: paid.data!.redirect_url };
}

/** When the payment cannot even start, the held places go back at once rather than in 15 minutes. */
async function releaseHold(orderId: string): Promise<void> {
  const client = supabase();
  const { data } = await client.from('order_lines').select('purchase_id').eq('order_id', orderId);
  for (const line of data ?? [])
    if (line.purchase_id) await client.rpc('cancel_ticket', { p_purchase_id: line.purchase_id });
}

export function useTakeTickets(communityId: string) {
  const t = useT(memberEventsMessages);
  return useDataMutation({
    mutationFn: takeTickets,
    invalidates: () => [eventKeys.all(communityId)],
    success: (_vars, result) => (result.kind === 'confirmed' ? t('taken') : undefined),
    describeError: useDescribeTicketError(),
  });
}
