// Turns a failure from the data service into a sentence of the groups namespace: the business
// codes of the groups functions (P0001 with the code as message), RLS refusals, constraint
// violations and network trouble. Never a raw code on screen.
import type { NamespaceKey } from '@club/i18n';
import type { groupsMessages } from '@club/i18n/namespaces/groups';

export type GroupErrorKey = Extract<NamespaceKey<typeof groupsMessages>, `errors.${string}`>;

export const groupBusinessCodes = [
  'group_not_found',
  'group_archived',
  'group_has_members',
  'already_in_group',
  'member_not_found',
  'not_in_group',
  'request_decided',
  'request_not_found',
  'price_negative',
  'price_too_precise',
  'price_required',
  'price_too_high',
  'frequency_required',
  'charging_start_in_past',
  'not_allowed',
  'invalid_role',
] as const;
const businessCodes = new Set<string>(groupBusinessCodes);

export function describeGroupError(error: unknown): GroupErrorKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && businessCodes.has(message)) return `errors.${message}` as GroupErrorKey;
  if (code === '23503' && message.includes('owner')) return 'errors.ownerOtherCommunity';
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST116') return 'errors.permission';
  if (code.startsWith('23') || code === '22007' || code === '22008' || code === '22P02')
    return 'errors.constraint';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}
