// Payers for the list (billing_account_summaries: the account with its balance), searched by
// name, filtered by kind and by arrears (an overdue amount), sorted by name or money.
import type { Tables } from '@club/schemas';
import { loadAllPages, pageRange, searchPattern, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import type { NonNullFields } from '../../lib/row-types';
import { supabase } from '../../lib/supabase';
import { accountKinds } from './billing-records';

type Columns = 'id' | 'name' | 'kind' | 'balance_ore' | 'overdue_ore' | 'credit_ore' | 'outstanding_ore';
export type AccountRow = NonNullFields<
  Pick<Tables<'billing_account_summaries'>, Columns | 'email' | 'cvr' | 'ean'>,
  Columns
>;

export type AccountFilter = 'kind' | 'arrears';
export const accountListSpec: ListSpec<AccountFilter> = {
  sortable: ['name', 'balance_ore', 'overdue_ore', 'created_at'],
  defaultSort: { id: 'name', desc: false },
  filters: ['kind', 'arrears'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

function readAccounts(state: ListState<AccountFilter>, communityId: string) {
  let request = supabase()
    .from('billing_account_summaries')
    .select('id, name, kind, email, cvr, ean, balance_ore, overdue_ore, credit_ore, outstanding_ore', {
      count: 'exact',
    })
    .eq('community_id', communityId);
  const kind = accountKinds.find((k) => k === state.filters.kind);
  if (kind) request = request.eq('kind', kind);
  if (state.filters.arrears === '1') request = request.gt('overdue_ore', 0);
  if (state.search.trim()) request = request.ilike('name', searchPattern(state.search));
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadAccountList(
  state: ListState<AccountFilter>,
  communityId: string,
): Promise<ListPage<AccountRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readAccounts(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as AccountRow[], total: count ?? 0 };
}

export const loadAllAccounts = (state: ListState<AccountFilter>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readAccounts(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as AccountRow[];
  });
