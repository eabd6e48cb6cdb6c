// One event as a member sees it: its tickets and add-ons (the rules buy_ticket applies), and the
// member's own active tickets for it. An event that is gone or not visible is a NotFoundError.
import { useQuery } from '@tanstack/react-query';
import { richTextFromJson } from '@club/schemas';
import { NotFoundError } from '../../request-errors';
import { supabase } from '../../supabase';
import { eventKeys } from './keys';

export async function loadMemberEvent(eventId: string) {
  const { data, error } = await supabase()
    .from('events')
    .select(
      `id, community_id, title, location, description, starts_at, ends_at, status, cancelled_at,
       tickets(id, name, price_ore, currency, join_opens_at, join_closes_at, refund_closes_at, max_per_purchase, sort_order),
       event_addons(id, name, min_per_person, max_per_person, sort_order,
         addon_options(id, title, price_ore, hint, sort_order))`,
    )
    .eq('id', eventId)
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new NotFoundError('event');
  const bySort = <T extends { sort_order: number }>(rows: T[]) =>
    [...rows].sort((a, b) => a.sort_order - b.sort_order);
  return {
    ...data,
    description: data.description ? richTextFromJson(data.description) : null,
    tickets: bySort(data.tickets),
    event_addons: bySort(data.event_addons).map((a) => ({ ...a, addon_options: bySort(a.addon_options) })),
  };
}

export type MemberEvent = Awaited<ReturnType<typeof loadMemberEvent>>;

export function useMemberEvent(communityId: string, eventId: string) {
  return useQuery({
    queryKey: eventKeys.memberEvent(communityId, eventId),
    queryFn: () => loadMemberEvent(eventId),
  });
}
