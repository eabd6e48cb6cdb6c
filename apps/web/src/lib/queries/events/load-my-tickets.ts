// The signed-in person's own active tickets in a community, each with its signed code for the QR
// (my_ticket_codes, decision 1033). Both reads are GETs, so the service worker keeps the last
// answer and the tickets open offline.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { eventKeys } from './keys';

export async function loadMyTickets(communityId: string) {
  const client = supabase();
  const [purchases, codes] = await Promise.all([
    client
      .from('ticket_purchases')
      .select(
        `id, event_id, quantity, total_ore, currency, purchased_at, checked_in_at,
         tickets(name, refund_closes_at), events(title, starts_at, location, status),
         purchase_addons(quantity, addon_options(title)),
         order_lines(orders(payment_status))`,
      )
      .eq('community_id', communityId)
      .eq('status', 'active')
      .order('purchased_at'),
    client.rpc('my_ticket_codes', { p_community_id: communityId }, { get: true }),
  ]);
  if (purchases.error) throw purchases.error;
  if (codes.error) throw codes.error;
  const codeOf = new Map((codes.data ?? []).map((c) => [c.purchase_id, c.code]));
  return purchases.data
    .map((p) => {
      const orderStatuses = p.order_lines.map((l) => l.orders?.payment_status);
      return {
        id: p.id,
        eventId: p.event_id,
        quantity: p.quantity,
        totalOre: p.total_ore,
        currency: p.currency,
        checkedInAt: p.checked_in_at,
        ticketName: p.tickets?.name ?? '',
        refundClosesAt: p.tickets?.refund_closes_at ?? null,
        eventTitle: p.events?.title ?? '',
        startsAt: p.events?.starts_at ?? p.purchased_at,
        location: p.events?.location ?? null,
        eventCancelled: p.events?.status === 'cancelled',
        addOns: p.purchase_addons.map((a) => ({ quantity: a.quantity, title: a.addon_options?.title ?? '' })),
        /** Held while its checkout waits for payment: not a ticket yet. */
        awaitingPayment: orderStatuses.length > 0 && !orderStatuses.some((s) => s === 'paid'),
        paidOnline: p.total_ore > 0 && orderStatuses.some((s) => s === 'paid'),
        code: codeOf.get(p.id) ?? null,
      };
    })
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

export type MyTicket = Awaited<ReturnType<typeof loadMyTickets>>[number];

export function useMyTickets(communityId: string) {
  return useQuery({ queryKey: eventKeys.myTickets(communityId), queryFn: () => loadMyTickets(communityId) });
}
