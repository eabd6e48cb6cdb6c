// Keeps the group page current: joins, leaves and requests of the group arrive over realtime
// (filtered by RLS) and refresh the group's queries. Reports whether the channel is subscribed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { supabase } from '../../lib/supabase';
import { groupKeys } from './group-keys';

export function useLiveGroup(communityId: string, groupId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: groupKeys.all(communityId) });
    const filter = `group_id=eq.${groupId}`;
    const channel = supabase()
      .channel(`group:${groupId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'group_members', filter }, refresh)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'group_join_requests', filter }, refresh)
      .subscribe((status) => setLive(status === 'SUBSCRIBED'));
    return () => {
      setLive(false);
      void supabase().removeChannel(channel);
    };
  }, [communityId, groupId, queryClient]);
  return live;
}
