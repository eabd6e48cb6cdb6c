// Row types of the news area, derived from the generated database types.
import type { Enums, Tables } from '@club/schemas';
import type { RichTextDoc } from '@club/schemas';
import type { NonNullFields } from '../../lib/row-types';

export type NewsStatus = 'draft' | 'scheduled' | 'published';
export type NewsVisibility = Enums<'news_visibility'>;
export const newsStatuses: NewsStatus[] = ['draft', 'scheduled', 'published'];
export const newsVisibilities: NewsVisibility[] = ['public', 'members', 'hidden'];

type SummaryColumns =
  | 'id'
  | 'title'
  | 'status'
  | 'effective_status'
  | 'visibility'
  | 'release_at'
  | 'published_at'
  | 'shown_at'
  | 'author_id'
  | 'author_name'
  | 'allow_comments'
  | 'comment_count';
export type NewsSummary = NonNullFields<
  Pick<Tables<'news_post_summaries'>, SummaryColumns>,
  | 'id'
  | 'title'
  | 'status'
  | 'effective_status'
  | 'visibility'
  | 'shown_at'
  | 'allow_comments'
  | 'comment_count'
>;

export type NewsPostRow = Pick<
  Tables<'news_posts'>,
  | 'id'
  | 'community_id'
  | 'title'
  | 'status'
  | 'visibility'
  | 'release_at'
  | 'published_at'
  | 'author_id'
  | 'author_name'
  | 'allow_comments'
  | 'link_url'
  | 'image_path'
  | 'created_at'
>;
export type NewsPost = NewsPostRow & { content: RichTextDoc | null };

export type NewsComment = Pick<
  Tables<'news_comments'>,
  'id' | 'post_id' | 'author_name' | 'body' | 'created_at' | 'hidden_at'
>;

export type NewsMailing = Pick<
  Tables<'news_mailings'>,
  'id' | 'status' | 'total' | 'sent' | 'failed' | 'created_at' | 'finished_at'
>;

/** A scheduled post whose time has come is published, whatever the stored status says yet. */
export function effectiveStatus(
  post: Pick<NewsPostRow, 'status' | 'release_at'>,
  now = Date.now(),
): NewsStatus {
  if (post.status === 'scheduled' && post.release_at && new Date(post.release_at).getTime() <= now)
    return 'published';
  return post.status === 'cancelled' ? 'draft' : post.status;
}
