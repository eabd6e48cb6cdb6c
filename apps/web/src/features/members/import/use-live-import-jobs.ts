// Keeps the import page's jobs current: every change of a community's import job (status,
// counts) arrives over realtime, filtered by RLS, and refreshes the jobs query. Once the channel
// is subscribed the jobs are read again, so a change between the first read and the
// subscription is not missed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { supabase } from '../../../lib/supabase';
import { memberKeys } from '../member-keys';

export function useLiveImportJobs(communityId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: memberKeys.importJobs(communityId) });
    const channel = supabase()
      .channel(`member-imports:${communityId}`)
      .on(
        'postgres_changes',
        {
          event: '*',
          schema: 'public',
          table: 'member_import_jobs',
          filter: `community_id=eq.${communityId}`,
        },
        refresh,
      )
      .subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh();
      });
    return () => void supabase().removeChannel(channel);
  }, [communityId, queryClient]);
}
