// One page of the community's groups for the list (group_admin_summaries carries the owner's
// name, member and request counts and the tags), every matching group for the CSV export,
// and the tag and owner choices of the filters.
import { loadAllPages, pageRange, searchAcross, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { supabase } from '../../lib/supabase';
import type { GroupSummary, MemberOption, TagOption } from './group-records';

export type GroupListFilter = 'which' | 'visibility' | 'tag' | 'price' | 'owner';

export const groupListSpec: ListSpec<GroupListFilter> = {
  sortable: ['title', 'member_count', 'price_ore', 'owner_name'],
  defaultSort: { id: 'title', desc: false },
  filters: ['which', 'visibility', 'tag', 'price', 'owner'],
  pageSize: 25,
};

export type GroupListState = ListState<GroupListFilter>;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readGroups(state: GroupListState, communityId: string) {
  let request = supabase()
    .from('group_admin_summaries')
    .select(
      'id, title, visibility, archived, payment_frequency, price_ore, currency, owner_member_id, owner_name, member_count, pending_requests, cover_image_path',
      { count: 'exact' },
    )
    .eq('community_id', communityId)
    .eq('archived', state.filters.which === 'archived');
  if (state.search.trim()) request = request.or(searchAcross(['title'], state.search));
  const { visibility, tag, price, owner } = state.filters;
  if (visibility === 'public' || visibility === 'members' || visibility === 'invite_only')
    request = request.eq('visibility', visibility);
  if (uuid.test(tag)) request = request.contains('tag_ids', [tag]);
  if (price === 'paid' || price === 'free') request = request.eq('paid', price === 'paid');
  if (uuid.test(owner)) request = request.eq('owner_member_id', owner);
  return request
    .order(state.sort.id, { ascending: !state.sort.desc, nullsFirst: false })
    .order('id', { ascending: true });
}

export async function loadGroupList(
  state: GroupListState,
  communityId: string,
): Promise<ListPage<GroupSummary>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readGroups(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as GroupSummary[], total: count ?? 0 };
}

export function loadAllGroups(state: GroupListState, communityId: string): Promise<GroupSummary[]> {
  return loadAllPages(async (from, to) => {
    const { data, error } = await readGroups(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as GroupSummary[];
  });
}

export async function loadCommunityTags(communityId: string): Promise<TagOption[]> {
  const { data, error } = await supabase()
    .from('tags')
    .select('id, name')
    .eq('community_id', communityId)
    .order('name');
  if (error) throw error;
  return data ?? [];
}

/** The members who own a group of the community (the owner filter's choices). */
export async function loadGroupOwners(communityId: string): Promise<MemberOption[]> {
  const { data, error } = await supabase()
    .from('group_admin_summaries')
    .select('owner_member_id, owner_name')
    .eq('community_id', communityId)
    .not('owner_member_id', 'is', null)
    .order('owner_name')
    .limit(1000);
  if (error) throw error;
  const owners = new Map<string, MemberOption>();
  for (const row of data ?? [])
    if (row.owner_member_id)
      owners.set(row.owner_member_id, {
        id: row.owner_member_id,
        full_name: row.owner_name ?? '',
        email: null,
        mid: null,
      });
  return [...owners.values()];
}
