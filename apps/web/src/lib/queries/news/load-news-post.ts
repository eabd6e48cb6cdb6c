// One post as a member reads it; a post that is gone or not visible is a NotFoundError.
import { useQuery } from '@tanstack/react-query';
import { richTextFromJson } from '@club/schemas';
import { NotFoundError } from '../../request-errors';
import { supabase } from '../../supabase';
import { newsKeys } from './keys';

export async function loadNewsPost(postId: string) {
  const { data, error } = await supabase()
    .from('news_posts')
    .select(
      'id, community_id, title, content, published_at, release_at, author_name, allow_comments, link_url',
    )
    .eq('id', postId)
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new NotFoundError('post');
  return { ...data, content: richTextFromJson(data.content) };
}

export function useNewsPost(communityId: string, postId: string) {
  return useQuery({ queryKey: newsKeys.post(communityId, postId), queryFn: () => loadNewsPost(postId) });
}
