// Reads of the clubs area: the list (the clubs_with_counts view: each club with its contact and
// how many active members and open groups it has), one club, the club's members as a paged
// list, its groups, and whether the signed-in user is an owner (owners change clubs).
import type { Tables } from '@club/schemas';
import { loadAllPages, pageRange, searchAcross, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import type { NonNullFields } from '../../lib/row-types';
import { NotFoundError } from '../../lib/request-errors';
import { supabase } from '../../lib/supabase';

type ClubColumns =
  | 'id'
  | 'name'
  | 'description'
  | 'cvr'
  | 'logo_path'
  | 'contact_name'
  | 'contact_email'
  | 'contact_phone'
  | 'member_count'
  | 'group_count';
export type ClubRow = NonNullFields<
  Pick<Tables<'clubs_with_counts'>, ClubColumns>,
  'id' | 'name' | 'member_count' | 'group_count'
>;
export type ClubMemberRow = Pick<Tables<'members'>, 'id' | 'first_name' | 'last_name' | 'email' | 'status'>;
export type ClubGroupRow = Pick<Tables<'groups'>, 'id' | 'title' | 'club_id'>;
export type MemberCandidate = ClubMemberRow & Pick<Tables<'members'>, 'club_id'>;

export const clubKeys = {
  all: (communityId: string) => ['clubs', communityId] as const,
  list: (communityId: string, state: unknown) => ['clubs', communityId, 'list', state] as const,
  detail: (communityId: string, id: string) => ['clubs', communityId, 'detail', id] as const,
  members: (communityId: string, id: string, state: unknown) =>
    ['clubs', communityId, 'detail', id, 'members', state] as const,
  groups: (communityId: string, id: string) => ['clubs', communityId, 'detail', id, 'groups'] as const,
  candidates: (communityId: string, query: string) => ['clubs', communityId, 'candidates', query] as const,
  owner: (communityId: string) => ['clubs', communityId, 'owner'] as const,
};

const clubColumns =
  'id, name, description, cvr, logo_path, contact_name, contact_email, contact_phone, member_count, group_count';

export const clubListSpec: ListSpec<never> = {
  sortable: ['name', 'member_count', 'group_count'],
  defaultSort: { id: 'name', desc: false },
  filters: [],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

function readClubs(state: ListState<never>, communityId: string) {
  let request = supabase()
    .from('clubs_with_counts')
    .select(clubColumns, { count: 'exact' })
    .eq('community_id', communityId);
  if (state.search.trim())
    request = request.or(searchAcross(['name', 'contact_name', 'contact_email'], state.search));
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadClubList(state: ListState<never>, communityId: string): Promise<ListPage<ClubRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readClubs(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as ClubRow[], total: count ?? 0 };
}

export const loadAllClubs = (state: ListState<never>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readClubs(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as ClubRow[];
  });

export async function loadClub(communityId: string, id: string): Promise<ClubRow> {
  const { data, error } = await supabase()
    .from('clubs_with_counts')
    .select(clubColumns)
    .eq('community_id', communityId)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  if (!data) throw new NotFoundError('club');
  return data as ClubRow;
}

export const clubMemberSpec: ListSpec<never> = {
  sortable: ['last_name', 'first_name'],
  defaultSort: { id: 'last_name', desc: false },
  filters: [],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

function readClubMembers(state: ListState<never>, clubId: string) {
  let request = supabase()
    .from('members')
    .select('id, first_name, last_name, email, status', { count: 'exact' })
    .eq('club_id', clubId)
    .neq('status', 'left');
  if (state.search.trim())
    request = request.or(searchAcross(['first_name', 'last_name', 'email'], state.search));
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadClubMembers(
  state: ListState<never>,
  clubId: string,
): Promise<ListPage<ClubMemberRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readClubMembers(state, clubId).range(from, to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export const loadAllClubMembers = (state: ListState<never>, clubId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readClubMembers(state, clubId).range(from, to);
    if (error) throw error;
    return data ?? [];
  });

/** Members of the community matching a search, to move into a club (at most 8). */
export async function findMemberCandidates(communityId: string, query: string): Promise<MemberCandidate[]> {
  const { data, error } = await supabase()
    .from('members')
    .select('id, first_name, last_name, email, status, club_id')
    .eq('community_id', communityId)
    .neq('status', 'left')
    .or(searchAcross(['first_name', 'last_name', 'email'], query))
    .order('last_name')
    .order('id')
    .limit(8);
  if (error) throw error;
  return data ?? [];
}

/** The community's open groups: those of the club, and the others that can be moved here. */
export async function loadClubGroups(communityId: string): Promise<ClubGroupRow[]> {
  const { data, error } = await supabase()
    .from('groups')
    .select('id, title, club_id')
    .eq('community_id', communityId)
    .eq('archived', false)
    .order('title')
    .order('id')
    .limit(500);
  if (error) throw error;
  return data ?? [];
}

export async function loadIsOwner(communityId: string): Promise<boolean> {
  const { data: userData } = await supabase().auth.getUser();
  const { data, error } = await supabase()
    .from('memberships')
    .select('role')
    .eq('community_id', communityId)
    .eq('user_id', userData.user?.id ?? '')
    .maybeSingle();
  if (error) throw error;
  return data?.role === 'owner';
}
