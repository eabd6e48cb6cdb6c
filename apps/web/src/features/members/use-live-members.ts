// Keeps the members screens current: every change of a member in the community lands in
// member_history (which carries no CPR), arrives over realtime filtered by RLS, and refreshes
// the members queries. Reports whether the channel is subscribed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { supabase } from '../../lib/supabase';
import { memberKeys } from './member-keys';

export function useLiveMembers(communityId: string, memberId?: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const channel = supabase()
      .channel(`members:${communityId}:${memberId ?? 'all'}`)
      .on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'member_history',
          filter: memberId ? `member_id=eq.${memberId}` : `community_id=eq.${communityId}`,
        },
        () => void queryClient.invalidateQueries({ queryKey: memberKeys.all(communityId) }),
      )
      .subscribe((status) => setLive(status === 'SUBSCRIBED'));
    return () => {
      setLive(false);
      void supabase().removeChannel(channel);
    };
  }, [communityId, memberId, queryClient]);
  return live;
}
