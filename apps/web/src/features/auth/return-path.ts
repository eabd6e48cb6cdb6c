import { useSearchParams } from 'react-router';
import { localePath, useLanguage } from '../../lib/i18n';
import { safeReturnPath } from '../../lib/session';

/** Where to go after signing in: the page the visitor came from, else the front page. */
export function useReturnPath(): string {
  const [params] = useSearchParams();
  const language = useLanguage();
  return safeReturnPath(params.get('redirect')) ?? localePath(language);
}

/**
 * The confirm page that e-mail links and identity providers come back to. `signup` marks the
 * link of the sign-up mail, so the page can say the address is confirmed when the link is
 * opened in another browser than the one that signed up.
 */
export function confirmUrl(language: string, next: string, link?: 'signup'): string {
  const base = `${window.location.origin}/${language}/confirm?next=${encodeURIComponent(next)}`;
  return link ? `${base}&link=${link}` : base;
}
