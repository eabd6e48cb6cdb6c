// Keeps a post's comments and its comments-off switch current over realtime (filtered by RLS
// on the server): a new comment, one an admin hid, or comments turned off show up by themselves.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { supabase } from '../../supabase';
import { newsKeys } from './keys';

export function useLiveComments(communityId: string, postId: string): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const refresh = (queryKey: readonly unknown[]) => () => void queryClient.invalidateQueries({ queryKey });
    const channel = supabase()
      .channel(`member-news:${postId}`)
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'news_comments', filter: `post_id=eq.${postId}` },
        refresh(newsKeys.comments(communityId, postId)),
      )
      .on(
        'postgres_changes',
        { event: 'UPDATE', schema: 'public', table: 'news_posts', filter: `id=eq.${postId}` },
        refresh(newsKeys.post(communityId, postId)),
      );
    channel.subscribe((status) => setLive(status === 'SUBSCRIBED'));
    return () => {
      setLive(false);
      void supabase().removeChannel(channel);
    };
  }, [communityId, postId, queryClient]);
  return live;
}
