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
  /** Null unless the count was asked for; above 10,000 the planner's estimate. */
  total: number;
  estimated: boolean;
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

/** One page; `total` only when `count` is asked for (the count is its own query, see below). */
export async function loadMemberRegister(query: RegisterQuery, count = false): Promise<RegisterPage> {
  const { data, error } = await supabase().rpc('member_register', {
    p_community_id: query.communityId,
    p_filters: compactFilters(query.filters) as never,
    p_sort: query.sort,
    p_ascending: query.ascending,
    p_limit: query.pageSize,
    p_offset: query.page * query.pageSize,
    p_count: count,
  });
  if (error) throw error;
  return data as unknown as RegisterPage;
}

/** How many members match the search and filters: asked once per combination, not per page. */
export async function loadRegisterCount(
  communityId: string,
  filters: RegisterFilters,
): Promise<{ total: number; estimated: boolean }> {
  const page = await loadMemberRegister(
    { communityId, filters, sort: 'mid', ascending: true, page: 0, pageSize: 1 },
    true,
  );
  return { total: page.total, estimated: page.estimated };
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

export type MemberListFilter =
  'status' | 'gender' | 'tag' | 'group' | 'age' | 'joined_from' | 'joined_to' | 'arrears';

export const ageBands = ['0-12', '13-17', '18-24', '25-59', '60-'] as const;

/** The register's list state in the address (kit list state, docs/kit.md). */
export const memberListSpec = {
  sortable: ['name', 'mid', 'joined_on', 'age', 'status', 'email'],
  defaultSort: { id: 'name', desc: false },
  filters: ['status', 'gender', 'tag', 'group', 'age', 'joined_from', 'joined_to', 'arrears'],
  pageSize: 50,
  pageSizes: [25, 50, 100],
} as const satisfies {
  sortable: readonly string[];
  defaultSort: { id: string; desc: boolean };
  filters: readonly MemberListFilter[];
  pageSize: number;
  pageSizes: readonly number[];
};

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The address's filter values as member_register filters; unknown values are ignored. */
export function registerFilters(search: string, f: Record<MemberListFilter, string>): RegisterFilters {
  const [min, max] = (ageBands as readonly string[]).includes(f.age) ? f.age.split('-') : [];
  return compactFilters({
    search: search.trim() || undefined,
    statuses: ['active', 'passive', 'left'].includes(f.status) ? [f.status as MemberStatus] : undefined,
    genders: ['female', 'male', 'other'].includes(f.gender) ? [f.gender as Gender] : undefined,
    tags: /^[0-9a-f-]{36}$/i.test(f.tag) ? [f.tag] : undefined,
    groups: /^[0-9a-f-]{36}$/i.test(f.group) ? [f.group] : undefined,
    age_min: min ? Number(min) : undefined,
    age_max: max ? Number(max) : undefined,
    joined_from: isDay(f.joined_from) ? f.joined_from : undefined,
    joined_to: isDay(f.joined_to) ? f.joined_to : undefined,
    arrears: f.arrears === 'yes' ? true : f.arrears === 'no' ? false : undefined,
  });
}

/** Every member matching the filters, a page of 200 at a time (CSV export; never CPR). */
export async function loadAllRegisterRows(
  query: Omit<RegisterQuery, 'page' | 'pageSize'>,
): Promise<RegisterRow[]> {
  const rows: RegisterRow[] = [];
  for (let page = 0; ; page++) {
    const result = await loadMemberRegister({ ...query, page, pageSize: 200 });
    rows.push(...result.rows);
    if (result.rows.length < 200 || rows.length >= 100_000) return rows;
  }
}
