// Orders for the list (order_summaries: the order with its member's name), searched by
// product or member and filtered by status and order date, sorted and counted by the data
// service; and one order with its status history (who and when).
import type { Enums, Tables } from '@club/schemas';
import { loadAllPages, pageRange, searchAcross, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import type { NonNullFields } from '../../lib/row-types';
import { supabase } from '../../lib/supabase';

export type OrderStatus = Enums<'order_status'>;
export const orderStatuses: OrderStatus[] = ['awaiting_payment', 'sent_to_customer', 'activated', 'ordered'];
/** Where each status may go next (docs/decisions/0703, enforced by the database). */
export const nextOrderStatuses: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['sent_to_customer'],
  sent_to_customer: ['activated', 'ordered'],
  activated: [],
  ordered: [],
};

type SummaryColumns =
  'id' | 'product_name' | 'member_name' | 'status' | 'amount_ore' | 'currency' | 'created_at';
export type OrderSummary = NonNullFields<Pick<Tables<'order_summaries'>, SummaryColumns>, SummaryColumns>;
export type OrderHistoryEntry = Tables<'order_history'>;

export type OrderFilter = 'status' | 'from' | 'to';
export const orderListSpec: ListSpec<OrderFilter> = {
  sortable: ['created_at', 'product_name', 'member_name', 'amount_ore', 'status'],
  defaultSort: { id: 'created_at', desc: true },
  filters: ['status', 'from', 'to'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function readOrders(state: ListState<OrderFilter>, communityId: string) {
  let request = supabase()
    .from('order_summaries')
    .select('id, product_name, member_name, status, amount_ore, currency, created_at', { count: 'exact' })
    .eq('community_id', communityId);
  if (state.search.trim()) request = request.or(searchAcross(['product_name', 'member_name'], state.search));
  const status = orderStatuses.find((s) => s === state.filters.status);
  if (status) request = request.eq('status', status);
  if (isDay(state.filters.from)) request = request.gte('created_at', `${state.filters.from}T00:00:00`);
  if (isDay(state.filters.to)) request = request.lte('created_at', `${state.filters.to}T23:59:59.999`);
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadOrderList(
  state: ListState<OrderFilter>,
  communityId: string,
): Promise<ListPage<OrderSummary>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readOrders(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: (data ?? []) as OrderSummary[], total: count ?? 0 };
}

export const loadAllOrders = (state: ListState<OrderFilter>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readOrders(state, communityId).range(from, to);
    if (error) throw error;
    return (data ?? []) as OrderSummary[];
  });

export async function loadOrderHistory(orderId: string): Promise<OrderHistoryEntry[]> {
  const { data, error } = await supabase()
    .from('order_history')
    .select('*')
    .eq('order_id', orderId)
    .order('changed_at')
    .order('id');
  if (error) throw error;
  return data ?? [];
}
