// One product with its opening hours, required certificates and required groups, and the
// choices its editor offers (the community's billing accounts and groups).
import { supabase } from '../../lib/supabase';
import type { ProductDocument } from './booking-records';

export async function loadProduct(productId: string): Promise<ProductDocument | null> {
  const { data, error } = await supabase()
    .from('booking_products')
    .select(
      '*, product_availability(weekday, on_date, starts_at, ends_at), product_required_certificates(kind), product_required_groups(group_id)',
    )
    .eq('id', productId)
    .is('deleted_at', null)
    .maybeSingle();
  if (error) throw error;
  if (!data) return null;
  const { product_availability, product_required_certificates, product_required_groups, ...product } = data;
  return {
    product,
    hours: product_availability,
    certificates: product_required_certificates.map((c) => c.kind),
    groupIds: product_required_groups.map((g) => g.group_id),
  };
}

export interface ProductChoices {
  accounts: { id: string; name: string }[];
  groups: { id: string; title: string }[];
  products: { id: string; name: string; capacity: number }[];
}

export async function loadProductChoices(communityId: string): Promise<ProductChoices> {
  const [accounts, groups, products] = await Promise.all([
    supabase()
      .from('billing_accounts')
      .select('id, name')
      .eq('community_id', communityId)
      .order('name')
      .limit(500),
    supabase().from('groups').select('id, title').eq('community_id', communityId).order('title').limit(500),
    supabase()
      .from('booking_products')
      .select('id, name, capacity')
      .eq('community_id', communityId)
      .is('deleted_at', null)
      .order('name')
      .limit(200),
  ]);
  for (const r of [accounts, groups, products]) if (r.error) throw r.error;
  return { accounts: accounts.data ?? [], groups: groups.data ?? [], products: products.data ?? [] };
}
