// Writes a post (insert or update of news_posts; the database applies the rules: title,
// release time ahead for "publish later", http(s) links, the author among the community's people) and the
// administrator's actions on it: comments on or off, hide, show or delete a comment.
import { emptyRichText, richTextAsJson, type RichTextDoc } from '@club/schemas';
import { supabase } from '../../lib/supabase';
import type { NewsStatus, NewsVisibility } from './news-records';

export interface NewsPostValues {
  title: string;
  content: RichTextDoc | null;
  imagePath: string;
  visibility: NewsVisibility;
  allowComments: boolean;
  linkUrl: string;
  /** The picked author; empty leaves the author as stored (the writer for a new post). */
  authorId: string;
  status: NewsStatus;
  /** An instant (ISO) for status 'scheduled', else null. */
  releaseAt: string | null;
}

export async function saveNewsPost(
  communityId: string,
  id: string | undefined,
  values: NewsPostValues,
): Promise<{ id: string }> {
  const row = {
    title: values.title.trim(),
    content: richTextAsJson(values.content ?? emptyRichText()) ?? {},
    image_path: values.imagePath || null,
    visibility: values.visibility,
    allow_comments: values.allowComments,
    link_url: values.linkUrl.trim() || null,
    ...(values.authorId ? { author_id: values.authorId } : {}),
    status: values.status,
    release_at: values.status === 'scheduled' ? values.releaseAt : null,
  };
  const request = id
    ? supabase().from('news_posts').update(row).eq('id', id).select('id').single()
    : supabase()
        .from('news_posts')
        .insert({ ...row, community_id: communityId })
        .select('id')
        .single();
  const { data, error } = await request;
  if (error) throw error;
  return data;
}

export async function setCommentsAllowed(postId: string, allowed: boolean): Promise<void> {
  const { error } = await supabase().from('news_posts').update({ allow_comments: allowed }).eq('id', postId);
  if (error) throw error;
}

export async function setCommentHidden(commentId: string, hidden: boolean): Promise<void> {
  const { error } = await supabase().rpc('set_news_comment_hidden', {
    p_comment_id: commentId,
    p_hidden: hidden,
  });
  if (error) throw error;
}

export async function deleteComment(commentId: string): Promise<void> {
  const { data, error } = await supabase().from('news_comments').delete().eq('id', commentId).select('id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error('comment_not_found'), { code: 'P0001' });
}
