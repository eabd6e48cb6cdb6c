// The language of an auth message (decision 0810): the user's stored preference
// (user_metadata.locale, which the web app sets at sign-up), else the language of the page
// that asked, else MAIL_DEFAULT_LOCALE. The page tells it through the address it asks the
// user to come back to (the web app's paths start with /da/ or /en/), and a request
// without one (reauthentication) through Accept-Language.
import type { Context } from 'hono';
import type { AuthContext } from './auth-context';
import type { MailLocale } from './mail-templates';
import type { UserRow } from './user-records';

function localeOf(tag: unknown): MailLocale | undefined {
  if (typeof tag !== 'string') return undefined;
  if (/^da\b/i.test(tag.trim())) return 'da';
  if (/^en\b/i.test(tag.trim())) return 'en';
  return undefined;
}

/** The language of the page that asked: its return address's first path segment, else Accept-Language. */
export function pageLocale(c: Context, redirectTo: string | undefined): MailLocale | undefined {
  if (redirectTo) {
    try {
      const first = new URL(redirectTo).pathname.split('/')[1];
      const fromPath = first === 'da' || first === 'en' ? first : undefined;
      if (fromPath) return fromPath;
    } catch {
      // Not an absolute address: nothing to read from it.
    }
  }
  const accepted = (c.req.header('accept-language') ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { locale: localeOf(tag), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.locale !== undefined && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  return accepted[0]?.locale;
}

/** The message's language for this user, given the asking page's language if known. */
export function mailLocale(ctx: AuthContext, user: UserRow, page?: MailLocale): MailLocale {
  return localeOf(user.raw_user_meta_data?.locale) ?? page ?? ctx.config.mailDefaultLocale;
}
