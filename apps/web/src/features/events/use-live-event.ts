// Keeps an open event detail current: ticket purchases of the event and volunteer sign-ups of
// the community arrive over realtime (postgres_changes, filtered by RLS on the server) and
// refresh the affected queries in place. Reports whether the channel is subscribed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { supabase } from '../../lib/supabase';
import { eventKeys } from './use-event-community';

export function useLiveEvent(communityId: string, eventId: string, enabled: boolean): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const refreshSales = () => {
      void queryClient.invalidateQueries({ queryKey: eventKeys.participants(communityId, eventId) });
      void queryClient.invalidateQueries({ queryKey: eventKeys.all(communityId).concat('list') });
    };
    const refreshSignups = () =>
      void queryClient.invalidateQueries({ queryKey: eventKeys.signups(communityId, eventId) });
    const channel = supabase()
      .channel(`event-admin:${eventId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'ticket_purchases', filter: `event_id=eq.${eventId}` },
        refreshSales,
      )
      .on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table: 'volunteer_signups',
          filter: `community_id=eq.${communityId}`,
        },
        refreshSignups,
      )
      .subscribe((status) => setLive(status === 'SUBSCRIBED'));
    return () => {
      setLive(false);
      void supabase().removeChannel(channel);
    };
  }, [communityId, eventId, enabled, queryClient]);
  return live;
}
