// One product with its opening hours, required certificates and required groups, and the
// choices its editor offers (the community's groups and products; billing accounts are searched).
import { searchAcross } from '../../components/list/list-query';
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
  groups: { id: string; title: string }[];
  products: { id: string; name: string; capacity: number }[];
}

export async function loadProductChoices(communityId: string): Promise<ProductChoices> {
  const [groups, products] = await Promise.all([
    supabase().from('groups').select('id, title').eq('community_id', communityId).order('title').limit(500),
    supabase()
      .from('booking_products')
      .select('id, name, capacity')
      .eq('community_id', communityId)
      .is('deleted_at', null)
      .order('name')
      .limit(200),
  ]);
  for (const r of [groups, products]) if (r.error) throw r.error;
  return { groups: groups.data ?? [], products: products.data ?? [] };
}

/** A billing account as the product editor names it: enough to tell namesakes apart. */
export interface AccountChoice {
  id: string;
  name: string;
  email: string | null;
  city: string | null;
  kind: string;
}

const accountColumns = 'id, name, email, city, kind';

/** Up to 20 of the community's billing accounts whose name, e-mail or town has the text. */
export async function searchAccounts(communityId: string, text: string): Promise<AccountChoice[]> {
  const { data, error } = await supabase()
    .from('billing_accounts')
    .select(accountColumns)
    .eq('community_id', communityId)
    .or(searchAcross(['name', 'email', 'city'], text))
    .order('name')
    .order('email')
    .limit(20);
  if (error) throw error;
  return data ?? [];
}

export async function loadAccountChoice(id: string): Promise<AccountChoice | null> {
  const { data, error } = await supabase()
    .from('billing_accounts')
    .select(accountColumns)
    .eq('id', id)
    .maybeSingle();
  if (error) throw error;
  return data;
}
