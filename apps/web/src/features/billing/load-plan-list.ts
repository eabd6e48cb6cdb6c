// Plans for the list: searched by name, filtered by active or archived, sorted by name, price
// or interval; the groups a plan may grant, for the plan form.
import type { Tables } from '@club/schemas';
import { pageRange, searchPattern, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { supabase } from '../../lib/supabase';

export type PlanRow = Pick<
  Tables<'billing_plans'>,
  'id' | 'name' | 'price_ore' | 'currency' | 'billing_interval' | 'vat_exempt' | 'grants' | 'active'
>;

export type PlanFilter = 'state';
export const planListSpec: ListSpec<PlanFilter> = {
  sortable: ['name', 'price_ore', 'billing_interval'],
  defaultSort: { id: 'name', desc: false },
  filters: ['state'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

export async function loadPlanList(
  state: ListState<PlanFilter>,
  communityId: string,
): Promise<ListPage<PlanRow>> {
  let request = supabase()
    .from('billing_plans')
    .select('id, name, price_ore, currency, billing_interval, vat_exempt, grants, active', { count: 'exact' })
    .eq('community_id', communityId);
  if (state.search.trim()) request = request.ilike('name', searchPattern(state.search));
  if (state.filters.state === 'active') request = request.eq('active', true);
  if (state.filters.state === 'archived') request = request.eq('active', false);
  const [from, to] = pageRange(state);
  const { data, error, count } = await request
    .order(state.sort.id, { ascending: !state.sort.desc })
    .order('id')
    .range(from, to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export async function loadGroupChoices(communityId: string) {
  const { data, error } = await supabase()
    .from('groups')
    .select('id, title')
    .eq('community_id', communityId)
    .eq('archived', false)
    .order('title')
    .limit(500);
  if (error) throw error;
  return (data ?? []).map((g) => ({ id: g.id, name: g.title }));
}
