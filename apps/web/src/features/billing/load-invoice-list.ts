// Invoices for the list (invoice_summaries: with the payer's name, what is owed and the
// overdue status), searched by number or payer, filtered by status, payer and issue date.
// The total of the unfiltered list and of a status filter alone comes from the counters kept
// by triggers (invoice_list_count, decision 0956); a search or another filter counts exactly
// over its smaller set.
import type { Tables } from '@club/schemas';
import { loadAllPages, pageRange, searchPattern, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import type { NonNullFields } from '../../lib/row-types';
import { supabase } from '../../lib/supabase';
import { invoiceListStatuses } from './billing-records';

type Columns =
  | 'id'
  | 'account_id'
  | 'account_name'
  | 'kind'
  | 'list_status'
  | 'total_ore'
  | 'outstanding_ore'
  | 'currency';
export type InvoiceRow = NonNullFields<
  Pick<
    Tables<'invoice_summaries'>,
    Columns | 'number' | 'issued_on' | 'due_on' | 'status' | 'paid_ore' | 'fees_ore'
  >,
  Columns
>;

export type InvoiceFilter = 'status' | 'account' | 'from' | 'to';
export const invoiceListSpec: ListSpec<InvoiceFilter> = {
  sortable: ['number', 'issued_on', 'due_on', 'account_name', 'total_ore', 'outstanding_ore'],
  defaultSort: { id: 'number', desc: true },
  filters: ['status', 'account', 'from', 'to'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

/** Only the status filter (or none) is set, so the kept counters give the total. */
function statusOnly(state: ListState<InvoiceFilter>): boolean {
  return (
    state.search.trim() === '' &&
    !isUuid(state.filters.account) &&
    !isDay(state.filters.from) &&
    !isDay(state.filters.to)
  );
}

function readInvoices(state: ListState<InvoiceFilter>, communityId: string, count?: 'exact') {
  let request = supabase()
    .from('invoice_summaries')
    .select(
      'id, account_id, account_name, kind, number, status, list_status, issued_on, due_on, total_ore, paid_ore, fees_ore, outstanding_ore, currency',
      { count },
    )
    .eq('community_id', communityId);
  const search = state.search.trim();
  if (/^\d{1,15}$/.test(search)) request = request.eq('number', Number(search));
  else if (search) request = request.ilike('account_name', searchPattern(search));
  const status = invoiceListStatuses.find((s) => s === state.filters.status);
  if (status) request = request.eq('list_status', status);
  if (isUuid(state.filters.account)) request = request.eq('account_id', state.filters.account);
  if (isDay(state.filters.from)) request = request.gte('issued_on', state.filters.from);
  if (isDay(state.filters.to)) request = request.lte('issued_on', state.filters.to);
  return request
    .order(state.sort.id, { ascending: !state.sort.desc, nullsFirst: state.sort.desc })
    .order('id');
}

export async function loadInvoiceList(
  state: ListState<InvoiceFilter>,
  communityId: string,
): Promise<ListPage<InvoiceRow>> {
  const [from, to] = pageRange(state);
  if (statusOnly(state)) {
    const status = invoiceListStatuses.find((s) => s === state.filters.status) ?? null;
    const [page, counted] = await Promise.all([
      readInvoices(state, communityId).range(from, to),
      supabase().rpc('invoice_list_count', { p_community_id: communityId, p_status: status ?? undefined }),
    ]);
    if (page.error) throw page.error;
    if (counted.error) throw counted.error;
    // Null for a caller who is not a billing admin here: count what they may see instead.
    if (counted.data !== null)
      return { rows: (page.data ?? []) as InvoiceRow[], total: Number(counted.data) };
  }
  const { data, error, count } = await readInvoices(state, communityId, 'exact').range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as InvoiceRow[], total: count ?? 0 };
}

export const loadAllInvoices = (state: ListState<InvoiceFilter>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readInvoices(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as InvoiceRow[];
  });
