// Product writes: save (product, opening hours and requirements in one database call) and
// delete (its future bookings are cancelled, decision 0901).
import { supabase } from '../../lib/supabase';
import type { AvailabilityKind, OpeningRow, PriceMode } from './booking-records';

export interface ProductInput {
  id?: string;
  community_id: string;
  name: string;
  description: string;
  image_path: string;
  account_id: string;
  availability: AvailabilityKind;
  capacity: number;
  price_mode: PriceMode;
  price_ore: number;
  require_contact_sharing: boolean;
  min_duration_minutes: number | null;
  max_duration_minutes: number | null;
  min_notice_minutes: number;
  opens_days_ahead: number | null;
  cancel_deadline_hours: number;
  hours: OpeningRow[];
  certificates: string[];
  group_ids: string[];
}

export async function saveProduct(input: ProductInput): Promise<string> {
  const { data, error } = await supabase().rpc('save_booking_product', { p_product: input as never });
  if (error) throw error;
  return data;
}

export async function deleteProduct(productId: string): Promise<number> {
  const { data, error } = await supabase().rpc('delete_booking_product', { p_product_id: productId });
  if (error) throw error;
  return data;
}
