// The next events a member may see (RLS: event_visible), not cancelled, soonest first.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { eventKeys } from './keys';

export async function loadUpcomingEvents(communityId: string, now = new Date(), limit = 5) {
  const { data, error } = await supabase()
    .from('events')
    .select('id, title, starts_at, ends_at, location')
    .eq('community_id', communityId)
    .is('cancelled_at', null)
    .gte('starts_at', now.toISOString())
    .order('starts_at')
    .order('id')
    .limit(limit);
  if (error) throw error;
  return data;
}

export function useUpcomingEvents(communityId: string) {
  return useQuery({
    queryKey: eventKeys.upcoming(communityId),
    queryFn: () => loadUpcomingEvents(communityId),
  });
}
