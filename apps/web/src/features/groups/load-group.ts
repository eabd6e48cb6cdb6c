// One group for its page and sub-screens, its current members (a page at a time), its
// pending join requests, and members of the register to add (searched by name, e-mail or
// member number).
import { loadAllPages, pageRange, searchAcross, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { NotFoundError } from '../../lib/request-errors';
import { supabase } from '../../lib/supabase';
import type { GroupRecord, JoinRequestRow, MemberOption, RosterRow } from './group-records';

export const isGroupId = (id: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export async function loadGroup(groupId: string): Promise<GroupRecord> {
  const [group, summary] = await Promise.all([
    supabase()
      .from('groups')
      .select(
        'id, community_id, title, description, owner_member_id, cover_image_path, payment_frequency, price_ore, currency, visibility, archived, charging_starts_on, mid_period_join, requires_approval, welcome_subject_da, welcome_body_da, welcome_subject_en, welcome_body_en, welcome_email',
      )
      .eq('id', groupId)
      .maybeSingle(),
    supabase()
      .from('group_admin_summaries')
      .select('owner_name, member_count, ever_had_members, tag_ids')
      .eq('id', groupId)
      .maybeSingle(),
  ]);
  if (group.error) throw group.error;
  if (summary.error) throw summary.error;
  if (!group.data || !summary.data) throw new NotFoundError('group');
  return {
    ...group.data,
    owner_name: summary.data.owner_name,
    member_count: summary.data.member_count ?? 0,
    ever_had_members: summary.data.ever_had_members ?? false,
    tag_ids: summary.data.tag_ids ?? [],
  };
}

/** The community's groups whose title is this one, ignoring case and surrounding spaces
 * (archived ones too, marked): creating a second "U11" is allowed but asked about first. */
export async function groupsTitled(
  communityId: string,
  title: string,
  exceptId?: string,
): Promise<{ id: string; title: string; archived: boolean }[]> {
  const pattern = title.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  let query = supabase()
    .from('groups')
    .select('id, title, archived')
    .eq('community_id', communityId)
    .ilike('title', pattern);
  if (exceptId) query = query.neq('id', exceptId);
  const { data, error } = await query.limit(5);
  if (error) throw error;
  return data ?? [];
}

export const rosterSpec: ListSpec<'role'> = {
  sortable: ['full_name', 'joined_at', 'role'],
  defaultSort: { id: 'full_name', desc: false },
  filters: ['role'],
  pageSize: 50,
};

function readRoster(groupId: string, state: ListState<'role'>) {
  let request = supabase()
    .from('group_member_roster')
    .select(
      'id, member_id, role, joined_at, payment_status, welcome_sent_at, full_name, email, last_charged_period',
      {
        count: 'exact',
      },
    )
    .eq('group_id', groupId);
  if (state.search.trim()) request = request.or(searchAcross(['full_name', 'email'], state.search));
  if (state.filters.role === 'member' || state.filters.role === 'coach' || state.filters.role === 'leader')
    request = request.eq('role', state.filters.role);
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadRoster(groupId: string, state: ListState<'role'>): Promise<ListPage<RosterRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readRoster(groupId, state).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as RosterRow[], total: count ?? 0 };
}

/** Every member of the group matching the list's search and filter (CSV export). */
export function loadAllRoster(groupId: string, state: ListState<'role'>): Promise<RosterRow[]> {
  return loadAllPages(async (from, to) => {
    const { data, error } = await readRoster(groupId, state).range(from, to);
    if (error) throw error;
    return (data ?? []) as RosterRow[];
  });
}

export async function loadJoinRequests(groupId: string): Promise<JoinRequestRow[]> {
  const { data, error } = await supabase()
    .from('group_join_request_list')
    .select('id, member_id, full_name, email, message, created_at')
    .eq('group_id', groupId)
    .order('created_at')
    .limit(200);
  if (error) throw error;
  return (data ?? []) as JoinRequestRow[];
}

/** Members of the register matching a search, for adding to a group or choosing an owner. */
export async function searchRegister(communityId: string, search: string): Promise<MemberOption[]> {
  const text = search.trim();
  if (text.length < 2) return [];
  let request = supabase()
    .from('member_directory')
    .select('id, full_name, email, mid')
    .eq('community_id', communityId)
    .neq('status', 'left');
  request = /^\d+$/.test(text)
    ? request.eq('mid', Number(text))
    : request.or(searchAcross(['full_name', 'email'], text));
  const { data, error } = await request.order('full_name').limit(20);
  if (error) throw error;
  return (data ?? []).filter((m): m is MemberOption => Boolean(m.id && m.full_name)) as MemberOption[];
}
