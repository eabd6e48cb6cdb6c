// One page of the member register (member_register: filters, search, sort and the number of
// matches in one call; docs/decisions/0851), and the tags and groups its filters offer.
import { supabase } from '../../lib/supabase';

export type MemberStatus = 'active' | 'passive' | 'left';
export type Gender = 'female' | 'male' | 'other';
export type RegisterSort = 'name' | 'mid' | 'joined_on' | 'age' | 'status' | 'email';

export interface RegisterFilters {
  search?: string;
  statuses?: MemberStatus[];
  genders?: Gender[];
  tags?: string[];
  groups?: string[];
  age_min?: number;
  age_max?: number;
  joined_from?: string;
  joined_to?: string;
  arrears?: boolean;
}

export interface RegisterQuery {
  communityId: string;
  filters: RegisterFilters;
  sort: RegisterSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}

export interface TagChip {
  id: string;
  name: string;
  color: string | null;
}

export interface RegisterRow {
  id: string;
  mid: number;
  membership_id: string | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string | null;
  phone: string | null;
  gender: Gender | null;
  birth_date: string | null;
  status: MemberStatus;
  joined_on: string;
  left_on: string | null;
  city: string | null;
  has_account: boolean;
  tags: TagChip[];
  in_arrears: boolean;
}

export interface RegisterPage {
  total: number;
  rows: RegisterRow[];
}

/** Drops empty filters so the query key and the request carry only what narrows the list. */
export function compactFilters(filters: RegisterFilters): RegisterFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(
      ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as RegisterFilters;
}

export async function loadMemberRegister(query: RegisterQuery): Promise<RegisterPage> {
  const { data, error } = await supabase().rpc('member_register', {
    p_community_id: query.communityId,
    p_filters: compactFilters(query.filters) as never,
    p_sort: query.sort,
    p_ascending: query.ascending,
    p_limit: query.pageSize,
    p_offset: query.page * query.pageSize,
  });
  if (error) throw error;
  return data as unknown as RegisterPage;
}

export async function loadCommunityTags(communityId: string): Promise<TagChip[]> {
  const { data, error } = await supabase()
    .from('tags')
    .select('id, name, color')
    .eq('community_id', communityId)
    .order('name');
  if (error) throw error;
  return data ?? [];
}

export async function loadCommunityGroups(communityId: string): Promise<{ id: string; title: string }[]> {
  const { data, error } = await supabase()
    .from('groups')
    .select('id, title')
    .eq('community_id', communityId)
    .eq('archived', false)
    .order('title');
  if (error) throw error;
  return data ?? [];
}
