// The comments of a post a member sees: RLS leaves out the hidden ones, oldest first so a
// conversation reads down.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { newsKeys } from './keys';

export async function loadPostComments(postId: string) {
  const { data, error } = await supabase()
    .from('news_comments')
    .select('id, author_name, author_id, body, created_at')
    .eq('post_id', postId)
    .order('created_at')
    .order('id')
    .limit(500);
  if (error) throw error;
  return data;
}

export type PostComment = Awaited<ReturnType<typeof loadPostComments>>[number];

export function usePostComments(communityId: string, postId: string) {
  return useQuery({
    queryKey: newsKeys.comments(communityId, postId),
    queryFn: () => loadPostComments(postId),
  });
}
