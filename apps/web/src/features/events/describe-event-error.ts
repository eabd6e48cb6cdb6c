// Turns a failure from the data service into a sentence of the events namespace: the business
// codes our functions raise (P0001 with the code as message), RLS refusals, constraint
// violations and network trouble. Never a raw code on screen.
import type { NamespaceKey } from '@club/i18n';
import { eventsMessages } from '@club/i18n/namespaces/events';
import { useT } from '../../lib/i18n';

export type EventErrorKey = Extract<NamespaceKey<typeof eventsMessages>, `errors.${string}`>;

const businessCodes = new Set([
  'ticket_has_sales',
  'addon_has_sales',
  'job_has_signups',
  'invalid_transition',
  'event_not_found',
  'not_allowed',
  'series_already_expanded',
  'already_cancelled',
  'invalid_scope',
  'event_cancelled',
  'sold_out',
  'not_a_member',
  'invalid_email',
  'guest_name_required',
  'member_or_guest',
  'invalid_payment',
  'ticket_not_found',
  'invalid_quantity',
  'addon_quantity_invalid',
  'addon_sold_out',
  'job_not_found',
  'timeslot_not_found',
  'timeslot_required',
  'signup_closed',
  'role_required',
  'certificate_missing',
  'already_signed_up',
  'no_slots_left',
  'purchase_not_found',
  'ticket_refunded',
  'ticket_unpaid',
]);

export function describeEventError(error: unknown): EventErrorKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && businessCodes.has(message)) return `errors.${message}` as EventErrorKey;
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST116') return 'errors.permission';
  if (code.startsWith('23') || code === '22007' || code === '22008' || code === '22P02')
    return 'errors.constraint';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}

/** The same words for a code already read by dataErrorCode (what useDataMutation hands over). */
export function useDescribeEventCode(): (code: string) => string {
  const t = useT(eventsMessages);
  return (code) =>
    t(describeEventError(businessCodes.has(code) ? { code: 'P0001', message: code } : kindError(code)));
}

function kindError(kind: string): { code: string; message?: string; name?: string } {
  if (kind === 'permission') return { code: '42501' };
  if (kind === 'constraint') return { code: '23000' };
  if (kind === 'network') return { code: '', name: 'TypeError' };
  return { code: '' };
}
