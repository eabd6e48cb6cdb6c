// Orders for the list (order_summaries: the order with its member's name), filtered by
// status, product, member and date, sorted and counted by the data service; and one order
// with its status history (who and when).
import type { Database } from '@club/schemas';
import { ilikePattern } from '../../lib/ilike-pattern';
import { supabase } from '../../lib/supabase';

export type OrderStatus = Database['public']['Enums']['order_status'];
export const orderStatuses: OrderStatus[] = ['awaiting_payment', 'sent_to_customer', 'activated', 'ordered'];
/** Where each status may go next (docs/decisions/0703, enforced by the database). */
export const nextOrderStatuses: Record<OrderStatus, OrderStatus[]> = {
  awaiting_payment: ['sent_to_customer'],
  sent_to_customer: ['activated', 'ordered'],
  activated: [],
  ordered: [],
};

export type OrderSummary = Database['public']['Views']['order_summaries']['Row'];
export type OrderHistoryEntry = Database['public']['Views']['order_history']['Row'];
export type OrderSort = 'created_at' | 'product_name' | 'member_name' | 'amount_ore' | 'status';

export interface OrderListQuery {
  communityId: string;
  status: OrderStatus | '';
  product: string;
  member: string;
  from: string;
  to: string;
  sort: OrderSort;
  ascending: boolean;
  page: number;
  pageSize: number;
}

export async function loadOrders(query: OrderListQuery): Promise<{ rows: OrderSummary[]; total: number }> {
  let request = supabase()
    .from('order_summaries')
    .select('*', { count: 'exact' })
    .eq('community_id', query.communityId);
  if (query.status) request = request.eq('status', query.status);
  if (query.product.trim()) request = request.ilike('product_name', ilikePattern(query.product));
  if (query.member.trim()) request = request.ilike('member_name', ilikePattern(query.member));
  if (/^\d{4}-\d{2}-\d{2}$/.test(query.from)) request = request.gte('created_at', `${query.from}T00:00:00`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(query.to)) request = request.lte('created_at', `${query.to}T23:59:59.999`);
  const start = query.page * query.pageSize;
  const { data, error, count } = await request
    .order(query.sort, { ascending: query.ascending })
    .order('id')
    .range(start, start + query.pageSize - 1);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export async function loadOrder(
  id: string,
): Promise<{ order: OrderSummary; history: OrderHistoryEntry[] } | null> {
  const [order, history] = await Promise.all([
    supabase().from('order_summaries').select('*').eq('id', id).maybeSingle(),
    supabase().from('order_history').select('*').eq('order_id', id).order('changed_at').order('id'),
  ]);
  if (order.error) throw order.error;
  if (history.error) throw history.error;
  return order.data ? { order: order.data, history: history.data ?? [] } : null;
}
