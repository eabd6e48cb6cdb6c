// One page of the community's news posts for the list (news_post_summaries carries the comment
// counts and the status a scheduled post has once its time has come), every matching post for
// the CSV export, and the authors the filter offers.
import { loadAllPages, pageRange, searchAcross, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { supabase } from '../../lib/supabase';
import { newsStatuses, newsVisibilities, type NewsSummary } from './news-records';

export type NewsListFilter = 'status' | 'visibility' | 'author';

export const newsListSpec: ListSpec<NewsListFilter> = {
  sortable: ['shown_at', 'title', 'comment_count', 'effective_status'],
  defaultSort: { id: 'shown_at', desc: true },
  filters: ['status', 'visibility', 'author'],
  pageSize: 25,
};

export type NewsListState = ListState<NewsListFilter>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readNews(state: NewsListState, communityId: string) {
  let request = supabase()
    .from('news_post_summaries')
    .select(
      'id, title, status, effective_status, visibility, release_at, published_at, shown_at, author_id, author_name, allow_comments, comment_count',
      { count: 'exact' },
    )
    .eq('community_id', communityId);
  if (state.search.trim()) request = request.or(searchAcross(['title', 'author_name'], state.search));
  const { status, visibility, author } = state.filters;
  const knownStatus = newsStatuses.find((s) => s === status);
  if (knownStatus) request = request.eq('effective_status', knownStatus);
  const knownVisibility = newsVisibilities.find((v) => v === visibility);
  if (knownVisibility) request = request.eq('visibility', knownVisibility);
  if (uuid.test(author)) request = request.eq('author_id', author);
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id', { ascending: true });
}

export async function loadNewsList(
  state: NewsListState,
  communityId: string,
): Promise<ListPage<NewsSummary>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readNews(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as NewsSummary[], total: count ?? 0 };
}

export function loadAllNews(state: NewsListState, communityId: string): Promise<NewsSummary[]> {
  return loadAllPages(async (from, to) => {
    const { data, error } = await readNews(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as NewsSummary[];
  });
}

/** The people who wrote the community's posts (id and the latest name shown for them). */
export async function loadNewsAuthors(communityId: string): Promise<{ id: string; name: string }[]> {
  const { data, error } = await supabase()
    .from('news_posts')
    .select('author_id, author_name')
    .eq('community_id', communityId)
    .not('author_id', 'is', null)
    .order('created_at', { ascending: false })
    .limit(500);
  if (error) throw error;
  const authors = new Map<string, string>();
  for (const row of data ?? []) {
    if (row.author_id && !authors.has(row.author_id)) authors.set(row.author_id, row.author_name ?? '');
  }
  return [...authors].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
