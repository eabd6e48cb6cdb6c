// One post as the post page and the editor show it, its comments (hidden ones too: the reader
// is a news administrator) and its latest e-mail sending.
import { richTextFromJson } from '@club/schemas';
import { NotFoundError } from '../../lib/request-errors';
import { supabase } from '../../lib/supabase';
import type { NewsComment, NewsMailing, NewsPost } from './news-records';

export class NewsPostNotFoundError extends NotFoundError {
  constructor() {
    super('news post');
  }
}

/** A post of this community; another community's post is not found, even a public one
 * (which members of every community may read). */
export async function loadNewsPost(id: string, communityId: string): Promise<NewsPost> {
  const { data, error } = await supabase()
    .from('news_posts')
    .select(
      'id, community_id, title, content, status, visibility, release_at, published_at, author_id, author_name, allow_comments, link_url, image_path, created_at',
    )
    .eq('id', id)
    .eq('community_id', communityId)
    .maybeSingle();
  if (error?.code === '22P02') throw new NewsPostNotFoundError();
  if (error) throw error;
  if (!data) throw new NewsPostNotFoundError();
  return { ...data, content: richTextFromJson(data.content) };
}

/** How many comments the post page shows at first and adds with each "show more". */
export const newsCommentsPage = 200;

/** The newest comments first, at most `limit` (the page shows how many there are in all). */
export async function loadNewsComments(
  postId: string,
  limit = newsCommentsPage,
): Promise<{ rows: NewsComment[]; total: number }> {
  const { data, error, count } = await supabase()
    .from('news_comments')
    .select('id, post_id, author_name, body, created_at, hidden_at', { count: 'exact' })
    .eq('post_id', postId)
    .order('created_at', { ascending: false })
    .order('id', { ascending: true })
    .limit(limit);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export async function loadLatestMailing(postId: string): Promise<NewsMailing | null> {
  const { data, error } = await supabase()
    .from('news_mailings')
    .select('id, status, total, sent, failed, created_at, finished_at')
    .eq('post_id', postId)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data;
}
