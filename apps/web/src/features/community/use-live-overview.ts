// Keeps the overview current: a change to a ticket sale, a volunteer signup, a booking, a news
// post, a join request, a group membership or the member register (every table of the overview
// that realtime publishes; the server sends only rows the user may read) refetches the figures,
// at most once a second. Invoices and certificates are not published; the minute's refetch
// covers them.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '../../lib/supabase';
import { overviewKey } from './load-overview';

const liveTables = [
  'ticket_purchases',
  'volunteer_signups',
  'bookings',
  'news_posts',
  'group_join_requests',
  'group_members',
  'member_history',
] as const;

export function useLiveOverview(communityId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: overviewKey(communityId) });
      }, 1000);
    };
    let channel = supabase().channel(`overview:${communityId}`);
    for (const table of liveTables)
      channel = channel.on(
        'postgres_changes',
        { event: '*', schema: 'public', table, filter: `community_id=eq.${communityId}` },
        refresh,
      );
    channel.subscribe();
    return () => {
      if (timer) clearTimeout(timer);
      void supabase().removeChannel(channel);
    };
  }, [communityId, queryClient]);
}
