// One published article by its address name; one the member may not read is a NotFoundError.
import { useQuery } from '@tanstack/react-query';
import { richTextFromJson } from '@club/schemas';
import { NotFoundError } from '../../request-errors';
import { supabase } from '../../supabase';
import { knowledgeBaseKeys } from './keys';

export async function loadMemberArticle(communityId: string, slug: string) {
  const { data, error } = await supabase()
    .from('kb_articles')
    .select('id, slug, title, summary, body, updated_at')
    .eq('community_id', communityId)
    .eq('slug', slug)
    .eq('status', 'published')
    .neq('visibility', 'admins')
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new NotFoundError('article');
  return { ...data, body: richTextFromJson(data.body) };
}

export function useMemberArticle(communityId: string, slug: string) {
  return useQuery({
    queryKey: knowledgeBaseKeys.article(communityId, slug),
    queryFn: () => loadMemberArticle(communityId, slug),
  });
}
