// Booking writes, each one database call: book on behalf of a member (wall-clock times in the
// community's zone), check in, cancel (one date or the rest of its series), plan and create a
// season series, and the calendar feed token of a product or a member.
import { supabase } from '../../lib/supabase';
import type { Requirement } from './booking-records';

export async function bookForMember(input: {
  productId: string;
  memberId: string;
  startsLocal: string;
  endsLocal: string;
  shareContact: boolean;
  note: string;
}): Promise<string> {
  const { data, error } = await supabase().rpc('admin_book_product', {
    p_product_id: input.productId,
    p_member_id: input.memberId,
    p_starts_local: input.startsLocal,
    p_ends_local: input.endsLocal,
    p_share_contact: input.shareContact,
    p_note: input.note,
  });
  if (error) throw error;
  return data;
}

export async function checkIn(bookingId: string): Promise<void> {
  const { error } = await supabase().rpc('check_in_booking', { p_booking_id: bookingId });
  if (error) throw error;
}

export interface CancelOutcome {
  cancelled: number;
  late_cancellation: boolean | null;
  price_due_ore: number;
}

export async function cancelBooking(bookingId: string, scope: 'this' | 'following'): Promise<CancelOutcome> {
  const { data, error } = await supabase().rpc('cancel_booking', { p_booking_id: bookingId, p_scope: scope });
  if (error) throw error;
  return data as unknown as CancelOutcome;
}

export interface SeriesInput {
  productId: string;
  memberId: string;
  weekday: number;
  starts: string;
  ends: string;
  firstDay: string;
  lastDay: string;
  skipHolidays: boolean;
}

const seriesArgs = (s: SeriesInput) => ({
  p_product_id: s.productId,
  p_member_id: s.memberId,
  p_weekday: s.weekday,
  p_starts: s.starts,
  p_ends: s.ends,
  p_first_day: s.firstDay,
  p_last_day: s.lastDay,
  p_skip_holidays: s.skipHolidays,
});

export interface SeriesDate {
  on_date: string;
  outcome: string;
  message: string | null;
}

export async function previewSeries(input: SeriesInput): Promise<SeriesDate[]> {
  const { data, error } = await supabase().rpc('preview_booking_series', seriesArgs(input));
  if (error) throw error;
  return (data ?? []).map((d) => ({ on_date: d.on_date, outcome: d.outcome, message: d.message }));
}

export async function createSeries(input: SeriesInput, skipConflicts: boolean): Promise<{ booked: number }> {
  const { data, error } = await supabase().rpc('create_booking_series', {
    ...seriesArgs(input),
    p_skip_conflicts: skipConflicts,
  });
  if (error) throw error;
  return data as unknown as { booked: number };
}

export async function feedToken(
  target: { productId?: string; memberId?: string },
  renew: boolean,
): Promise<string> {
  const { data, error } = await supabase().rpc('booking_feed_token', {
    p_product_id: target.productId,
    p_member_id: target.memberId,
    p_renew: renew,
  });
  if (error) throw error;
  return data;
}

export async function requirementsFor(productId: string, memberId: string, day: string) {
  const { data, error } = await supabase().rpc('booking_requirements_check', {
    p_product_id: productId,
    p_member_id: memberId,
    p_day: day,
  });
  if (error) throw error;
  return data as unknown as Requirement[];
}
