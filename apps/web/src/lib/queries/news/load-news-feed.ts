// The posts a member may read (RLS: published, or released, and public or for members), newest first.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { newsKeys } from './keys';

export async function loadNewsFeed(communityId: string, limit = 30) {
  const { data, error } = await supabase()
    .from('news_posts')
    .select('id, title, published_at, release_at, author_name, allow_comments')
    .eq('community_id', communityId)
    .order('published_at', { ascending: false, nullsFirst: false })
    .order('id')
    .limit(limit);
  if (error) throw error;
  return data;
}

export type NewsFeedItem = Awaited<ReturnType<typeof loadNewsFeed>>[number];

export function useNewsFeed(communityId: string) {
  return useQuery({ queryKey: newsKeys.feed(communityId), queryFn: () => loadNewsFeed(communityId) });
}
