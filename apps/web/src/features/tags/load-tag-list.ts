// The tags list (/tags): one page of the community's tags with how many members, groups and
// events carry each (the tags_with_usage view), searchable by name, sortable by any count.
import type { Tables } from '@club/schemas';
import { loadAllPages, pageRange, searchPattern, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import type { NonNullFields } from '../../lib/row-types';
import { supabase } from '../../lib/supabase';

type UsageColumns = 'id' | 'name' | 'color' | 'member_count' | 'group_count' | 'event_count';
export type TagRow = NonNullFields<
  Pick<Tables<'tags_with_usage'>, UsageColumns>,
  Exclude<UsageColumns, 'color'>
>;

export const tagKeys = {
  all: (communityId: string) => ['tags', communityId] as const,
  list: (communityId: string, state: unknown) => ['tags', communityId, 'list', state] as const,
};

export const tagListSpec: ListSpec<never> = {
  sortable: ['name', 'member_count', 'group_count', 'event_count'],
  defaultSort: { id: 'name', desc: false },
  filters: [],
  pageSize: 50,
  pageSizes: [25, 50, 100],
};

function readTags(state: ListState<never>, communityId: string) {
  let request = supabase()
    .from('tags_with_usage')
    .select('id, name, color, member_count, group_count, event_count', { count: 'exact' })
    .eq('community_id', communityId);
  if (state.search.trim()) request = request.ilike('name', searchPattern(state.search));
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadTagList(state: ListState<never>, communityId: string): Promise<ListPage<TagRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readTags(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as TagRow[], total: count ?? 0 };
}

export const loadAllTags = (state: ListState<never>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readTags(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as TagRow[];
  });
