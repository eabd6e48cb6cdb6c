// Reads of bookings: the list view (one page, filtered by product, status, days and member
// name, newest first by default), the bookings of a span of days for the calendar, the
// members matching a name, and one booking for its detail page.
import { loadAllPages, pageRange, type ListPage } from '../../components/list/list-query';
import type { ListSpec, ListState } from '../../components/list/list-state';
import { zonedDayStartIso } from '../../lib/zoned-time';
import { supabase } from '../../lib/supabase';
import {
  bookingStatuses,
  type BookingRow,
  type BookingStatus,
  type CalendarBooking,
} from './booking-records';

export type BookingFilter = 'product' | 'status' | 'from' | 'to' | 'view' | 'day';
export const bookingListSpec: ListSpec<BookingFilter> = {
  sortable: ['starts_at', 'created_at'],
  defaultSort: { id: 'starts_at', desc: true },
  filters: ['product', 'status', 'from', 'to', 'view', 'day'],
  pageSize: 25,
  pageSizes: [25, 50, 100],
};

const bookingSelect =
  'id, starts_at, ends_at, status, price_ore, product_id, member_id, series_id, product:booking_products(name), member:member_directory(first_name, last_name)' as const;

// Names come from the member directory (decision 0820): booking admins see names of the
// community's members, and contact details only of people with a booking.
export async function searchMembers(communityId: string, text: string) {
  const { data, error } = await supabase().rpc('lookup_member_directory', {
    p_community_id: communityId,
    p_query: text.trim(),
    p_limit: 20,
  });
  if (error) throw error;
  return (data ?? []).map((m) => ({ id: m.id!, first_name: m.first_name ?? '', last_name: m.last_name }));
}

/** The members a name search means (none matching reads no bookings), or undefined without a search. */
async function matchingMembers(state: ListState<BookingFilter>, communityId: string) {
  if (!state.search.trim()) return undefined;
  const ids = (await searchMembers(communityId, state.search)).map((m) => m.id);
  return ids.length ? ids : ['00000000-0000-0000-0000-000000000000'];
}

function readBookings(
  state: ListState<BookingFilter>,
  communityId: string,
  timeZone: string,
  members?: string[],
) {
  let request = supabase()
    .from('bookings')
    .select(bookingSelect, { count: 'exact' })
    .eq('community_id', communityId);
  const f = state.filters;
  if (f.product) request = request.eq('product_id', f.product);
  if ((bookingStatuses as string[]).includes(f.status))
    request = request.eq('status', f.status as BookingStatus);
  const from = f.from ? zonedDayStartIso(f.from, timeZone) : undefined;
  const to = f.to ? zonedDayStartIso(f.to, timeZone) : undefined;
  if (from) request = request.gte('starts_at', from);
  if (to) request = request.lt('starts_at', new Date(Date.parse(to) + 86400000).toISOString());
  if (members) request = request.in('member_id', members);
  return request.order(state.sort.id, { ascending: !state.sort.desc }).order('id');
}

export async function loadBookingList(
  state: ListState<BookingFilter>,
  communityId: string,
  timeZone: string,
): Promise<ListPage<BookingRow>> {
  const [from, to] = pageRange(state);
  const members = await matchingMembers(state, communityId);
  const { data, error, count } = await readBookings(state, communityId, timeZone, members).range(from, to);
  if (error) throw error;
  return { rows: data ?? [], total: count ?? 0 };
}

export const loadAllBookings = async (
  state: ListState<BookingFilter>,
  communityId: string,
  timeZone: string,
) => {
  const members = await matchingMembers(state, communityId);
  return loadAllPages(async (from, to) => {
    const { data, error } = await readBookings(state, communityId, timeZone, members).range(from, to);
    if (error) throw error;
    return data ?? [];
  });
};

/**
 * Bookings (not cancelled) starting between two instants, with the booker's name, for the
 * calendar grid: one call that reads the span by its index and the names from the members
 * table with the directory's rule (decision 0950).
 */
export async function loadBookingsBetween(
  communityId: string,
  fromIso: string,
  toIso: string,
): Promise<CalendarBooking[]> {
  const { data, error } = await supabase().rpc('booking_calendar', {
    p_community_id: communityId,
    p_from: fromIso,
    p_to: toIso,
  });
  if (error) throw error;
  return data ?? [];
}

export async function loadOpeningHours(communityId: string) {
  const { data, error } = await supabase()
    .from('booking_products')
    .select('id, name, capacity, product_availability(weekday, on_date, starts_at, ends_at)')
    .eq('community_id', communityId)
    .is('deleted_at', null)
    .order('name')
    .limit(200);
  if (error) throw error;
  return data ?? [];
}

export async function loadBooking(bookingId: string) {
  const { data, error } = await supabase()
    .from('bookings')
    .select(
      '*, product:booking_products(name, cancel_deadline_hours, price_mode), member:member_directory(first_name, last_name, email, phone)',
    )
    .eq('id', bookingId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export async function loadUtilisation(
  communityId: string,
  from: string,
  to: string,
  bucket: 'week' | 'month',
) {
  const { data, error } = await supabase().rpc('booking_utilisation', {
    p_community_id: communityId,
    p_from: from,
    p_to: to,
    p_bucket: bucket,
  });
  if (error) throw error;
  return data ?? [];
}
