// Turns a failure from the data service into a sentence of the members namespace: the business
// codes the members functions raise (P0001 with the code as message), refusals, constraint
// violations and network trouble. Never a raw code on screen.
import type { NamespaceKey } from '@club/i18n';
import type { membersMessages } from '@club/i18n/namespaces/members';

export type MemberErrorKey = Extract<NamespaceKey<typeof membersMessages>, `errors.${string}`>;

const businessCodes = new Set([
  'not_allowed',
  'member_not_found',
  'not_membership_manager',
  'reason_required',
  'invalid_cpr',
  'invalid_address',
  'email_owned_by_member',
  'member_has_no_account',
  'member_not_left',
  'invalid_filter',
  'relation_cycle',
  'relation_exists',
  'no_recipients',
  'too_many_recipients',
  'too_many_members',
  'invalid_subject',
  'invalid_body',
  'import_in_progress',
  'import_incomplete',
  'import_not_found',
  'import_not_uploading',
  'invalid_total',
  'too_many_rows',
  'duplicate_line',
  'invalid_rows',
]);

export function describeMemberError(error: unknown): MemberErrorKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && businessCodes.has(message)) return `errors.${message}` as MemberErrorKey;
  if (code === '42501' || code === 'PGRST301') return 'errors.permission';
  if (code === '23505') return 'errors.duplicate';
  if (code.startsWith('23') || code === '22007' || code === '22008' || code === '22P02')
    return 'errors.constraint';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}

/** The member does not exist here (or the id is malformed): the page is a 404. */
export function isMemberMissing(error: unknown): boolean {
  const e = (error ?? {}) as { code?: unknown; message?: unknown };
  return (e.code === 'P0001' && e.message === 'member_not_found') || e.code === '22P02';
}
