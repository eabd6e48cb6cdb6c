// The events a member may see (RLS: event_visible) from today on, soonest first, with what their
// tickets cost: the member app's calendar. Pages of 20.
import { useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { eventKeys } from './keys';

export const memberEventsPageSize = 20;

export async function loadMemberEvents(communityId: string, page: number, now = new Date()) {
  const from = page * memberEventsPageSize;
  const { data, error } = await supabase()
    .from('events')
    .select('id, title, starts_at, ends_at, location, status, tickets(id, price_ore, currency)')
    .eq('community_id', communityId)
    .is('cancelled_at', null)
    .gte('starts_at', new Date(now.getTime() - 12 * 3600_000).toISOString())
    .order('starts_at')
    .order('id')
    .range(from, from + memberEventsPageSize - 1);
  if (error) throw error;
  return data;
}

export type MemberEventRow = Awaited<ReturnType<typeof loadMemberEvents>>[number];

export function useMemberEvents(communityId: string) {
  return useInfiniteQuery({
    queryKey: eventKeys.memberList(communityId),
    queryFn: ({ pageParam }) => loadMemberEvents(communityId, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length === memberEventsPageSize ? pages.length : undefined),
  });
}
