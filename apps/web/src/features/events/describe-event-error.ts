// Turns a failure from the data service into a sentence of the events namespace: the business
// codes our functions raise (P0001 with the code as message), RLS refusals, constraint
// violations and network trouble. Never a raw code on screen.
import type { NamespaceKey } from '@club/i18n';
import type { eventsMessages } from '@club/i18n/namespaces/events';

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
