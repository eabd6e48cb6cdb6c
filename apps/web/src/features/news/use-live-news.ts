// Keeps open news screens current over realtime (postgres_changes, filtered by RLS on the
// server): post changes (a release flipping to published), comments and e-mail progress.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { supabase } from '../../lib/supabase';
import { newsKeys } from './news-keys';

export function useLiveNews(communityId: string, postId: string | undefined): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    const refresh = (key: readonly unknown[]) => () => void queryClient.invalidateQueries({ queryKey: key });
    const posts = postId ? `id=eq.${postId}` : `community_id=eq.${communityId}`;
    let channel = supabase()
      .channel(`news-admin:${postId ?? communityId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'news_posts', filter: posts }, () => {
        refresh(newsKeys.all(communityId).concat('list'))();
        if (postId) refresh(newsKeys.post(communityId, postId))();
      });
    if (!postId) {
      channel = channel.on(
        'postgres_changes',
        {
          event: 'INSERT',
          schema: 'public',
          table: 'news_comments',
          filter: `community_id=eq.${communityId}`,
        },
        refresh(newsKeys.all(communityId).concat('list')),
      );
    } else {
      channel = channel
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'news_comments', filter: `post_id=eq.${postId}` },
          refresh(newsKeys.comments(communityId, postId)),
        )
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'news_mailings', filter: `post_id=eq.${postId}` },
          refresh(newsKeys.mailing(communityId, postId)),
        );
    }
    channel.subscribe((status) => setLive(status === 'SUBSCRIBED'));
    return () => {
      setLive(false);
      void supabase().removeChannel(channel);
    };
  }, [communityId, postId, queryClient]);
  return live;
}
