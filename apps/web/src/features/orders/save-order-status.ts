// Moves orders to a status, all or none (change_order_status); returns how many moved.
import { supabase } from '../../lib/supabase';
import type { OrderStatus } from './load-orders';

export async function changeOrderStatus(orderIds: string[], status: OrderStatus): Promise<number> {
  const { data, error } = await supabase().rpc('change_order_status', {
    p_order_ids: orderIds,
    p_status: status,
  });
  if (error) throw error;
  return data ?? 0;
}
