// Row types of the booking area, derived from the generated database types.
import type { Enums, Tables } from '@club/schemas';

export type BookingStatus = Enums<'booking_status'>;
export type PriceMode = Enums<'booking_price_mode'>;
export type AvailabilityKind = Enums<'booking_availability'>;
export const bookingStatuses: readonly BookingStatus[] = ['booked', 'checked_in', 'cancelled'];
export const priceModes: readonly PriceMode[] = ['none', 'hourly', 'individual'];
export const availabilityKinds: readonly AvailabilityKind[] = ['weekly', 'specific_days', 'timeslot'];

export type ProductRow = Pick<
  Tables<'booking_products'>,
  'id' | 'name' | 'image_path' | 'capacity' | 'availability' | 'price_mode' | 'price_ore' | 'created_at'
>;

export type Product = Tables<'booking_products'>;
export type OpeningRow = Pick<
  Tables<'product_availability'>,
  'weekday' | 'on_date' | 'starts_at' | 'ends_at'
>;

export interface ProductDocument {
  product: Product;
  hours: OpeningRow[];
  certificates: string[];
  groupIds: string[];
}

export interface Requirement {
  type: 'certificate' | 'group' | 'contact';
  name: string;
  met: boolean;
  detail: string | null;
}

export type BookingRow = Pick<
  Tables<'bookings'>,
  'id' | 'starts_at' | 'ends_at' | 'status' | 'price_ore' | 'product_id' | 'member_id' | 'series_id'
> & {
  product: { name: string } | null;
  member: { first_name: string | null; last_name: string | null } | null;
};

/** A booking as the calendar grid reads it (booking_calendar). */
export interface CalendarBooking {
  id: string;
  product_id: string;
  starts_at: string;
  ends_at: string;
  status: BookingStatus;
  member_name: string;
}

export const memberName = (m: { first_name: string | null; last_name: string | null } | null) =>
  m ? `${m.first_name ?? ''} ${m.last_name ?? ''}`.trim() : '';
