// Database refusals of the booking area → keys of the booking namespace. The database's own
// words (which name the product, the date, the certificate) are shown under the headline.
const known = [
  'invalid_period',
  'product_deleted',
  'product_not_found',
  'member_not_found',
  'booking_not_found',
  'in_the_past',
  'outside_availability',
  'too_short',
  'too_long',
  'too_soon',
  'not_open_yet',
  'closed_day',
  'certificate_missing',
  'group_required',
  'contact_sharing_required',
  'fully_booked',
  'invalid_local_time',
  'invalid_transition',
  'series_conflicts',
  'series_empty',
  'series_too_long',
  'invalid_range',
  'hours_required',
  'not_allowed',
] as const;
export type BookingErrorCode = (typeof known)[number] | 'failed';

export function bookingErrorCode(error: unknown): BookingErrorCode {
  const message = (error as { message?: string } | null)?.message ?? '';
  return (known as readonly string[]).includes(message) ? (message as BookingErrorCode) : 'failed';
}

/** The database's words for a refusal (the `details` of the error), if any. */
export function bookingErrorDetail(error: unknown): string {
  return (error as { details?: string } | null)?.details ?? '';
}
