// A failure from the data service as a sentence of the news namespace: the business codes of
// the news functions and triggers (P0001 with the code as message), refusals, constraint
// violations and network trouble. Never a raw code on screen.
import type { NamespaceKey } from '@club/i18n';
import type { newsMessages } from '@club/i18n/namespaces/news';

export type NewsErrorKey = Extract<NamespaceKey<typeof newsMessages>, `errors.${string}`>;

export const newsBusinessCodes = [
  'title_required',
  'release_required',
  'release_in_past',
  'invalid_link',
  'link_internal_address',
  'invalid_transition',
  'comments_closed',
  'post_not_found',
  'post_not_published',
  'post_hidden',
  'mailing_in_progress',
  'comment_not_found',
  'nothing_failed',
  'mailing_not_found',
  'author_not_in_community',
] as const;

export function describeNewsError(error: unknown): NewsErrorKey {
  const e = (error ?? {}) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  const message = typeof e.message === 'string' ? e.message : '';
  if (code === 'P0001' && (newsBusinessCodes as readonly string[]).includes(message))
    return `errors.${message}` as NewsErrorKey;
  if (code === '42501' || code === 'PGRST301' || code === 'PGRST116') return 'errors.permission';
  if (code.startsWith('23') || code === '22007' || code === '22008' || code === '22P02')
    return 'errors.constraint';
  if (e.name === 'TypeError' || /fetch|network/i.test(message)) return 'errors.network';
  return 'errors.unknown';
}
