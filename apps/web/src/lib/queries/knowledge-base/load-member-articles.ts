// The published articles a member may read (RLS: public, or for members of the community).
// The explicit status filter keeps an administrator's drafts out of the member app.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '../../supabase';
import { knowledgeBaseKeys } from './keys';

export async function loadMemberArticles(communityId: string) {
  const { data, error } = await supabase()
    .from('kb_articles')
    .select('id, slug, title, summary, pinned, updated_at')
    .eq('community_id', communityId)
    .eq('status', 'published')
    .neq('visibility', 'admins')
    .order('pinned', { ascending: false })
    .order('sort_order')
    .order('title')
    .limit(200);
  if (error) throw error;
  return data;
}

export function useMemberArticles(communityId: string) {
  return useQuery({
    queryKey: knowledgeBaseKeys.published(communityId),
    queryFn: () => loadMemberArticles(communityId),
  });
}
