// Keeps the booking screens current: any booking of the community that changes (someone
// else books, checks in or cancels) refreshes the booking queries. Reports whether it is live.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { supabase } from '../../lib/supabase';
import { bookingKeys } from './booking-keys';

export function useLiveBookings(communityId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const channel = supabase()
      .channel(`booking-admin:${communityId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'bookings', filter: `community_id=eq.${communityId}` },
        () => void queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) }),
      )
      .subscribe((status) => setLive(status === 'SUBSCRIBED'));
    return () => {
      setLive(false);
      void supabase().removeChannel(channel);
    };
  }, [communityId, queryClient]);
  return live;
}
