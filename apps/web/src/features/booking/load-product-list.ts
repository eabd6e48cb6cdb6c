// The products list (/booking/products): one page of the community's bookable products that
// are not deleted, searchable by name, sortable by name, capacity and creation.
import { loadAllPages, pageRange, searchPattern, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { supabase } from '../../lib/supabase';
import type { ProductRow } from './booking-records';

export const productListSpec: ListSpec<never> = {
  sortable: ['name', 'capacity', 'created_at'],
  defaultSort: { id: 'name', desc: false },
  filters: [],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

function readProducts(state: ListState<never>, communityId: string) {
  let request = supabase()
    .from('booking_products')
    .select('id, name, image_path, capacity, availability, price_mode, price_ore, created_at', {
      count: 'exact',
    })
    .eq('community_id', communityId)
    .is('deleted_at', null);
  if (state.search.trim()) request = request.ilike('name', searchPattern(state.search));
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadProductList(
  state: ListState<never>,
  communityId: string,
): Promise<ListPage<ProductRow>> {
  const [from, to] = pageRange(state);
  const { data, error, count } = await readProducts(state, communityId).range(from, to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export const loadAllProducts = (state: ListState<never>, communityId: string) =>
  loadAllPages(async (from, to) => {
    const { data, error } = await readProducts(state, communityId).range(from, to);
    if (error) throw error;
    return data ?? [];
  });

/** How many booked (not cancelled, not checked in) bookings a product has from now on. */
export async function countFutureBookings(productId: string): Promise<number> {
  const { count, error } = await supabase()
    .from('bookings')
    .select('id', { count: 'exact', head: true })
    .eq('product_id', productId)
    .eq('status', 'booked')
    .gte('starts_at', new Date().toISOString());
  if (error) throw error;
  return count ?? 0;
}
