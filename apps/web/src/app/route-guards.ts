// Loaders that decide before a page renders: the language prefix, signed-in (and second
// factor) checks, and community membership from the token.
import type { MembershipClaim } from '@club/schemas';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { canAdminister, type CommunityArea } from '../lib/areas';
import { localePath, preferredLanguage, type Language } from '../lib/i18n';
import { findMembership, membershipsFromToken } from '../lib/memberships';
import { isUuid } from '../lib/request-errors';
import { supabase } from '../lib/supabase';

export function rootLoader(): never {
  throw redirect(localePath(preferredLanguage()));
}

export function languageParam(params: LoaderFunctionArgs['params']): Language {
  return params.lang === 'da' ? 'da' : 'en';
}

/** Only /en and /da exist. Another language code (/de/login, /xx/login, /pt-BR/…) leads to
 * the English page, English being the fallback (product.md); any other first segment is a
 * 404. Loaders running beside this one check it too, so they all answer alike. */
function assertLanguage(params: LoaderFunctionArgs['params'], request?: Request): Language {
  if (params.lang === 'en' || params.lang === 'da') return params.lang;
  if (request && /^[a-z]{2}(-[a-z]{2})?$/i.test(params.lang ?? '')) {
    const url = new URL(request.url);
    const rest = url.pathname.split('/').slice(2).join('/');
    throw redirect(`${localePath('en', rest)}${url.search}${url.hash}`);
  }
  throw data(null, { status: 404 });
}

export function languageLoader({ params, request }: LoaderFunctionArgs): null {
  assertLanguage(params, request);
  return null;
}

export function loginPath(language: Language, returnTo?: string, step?: 'mfa'): string {
  const query = new URLSearchParams();
  if (returnTo) query.set('redirect', returnTo);
  if (step) query.set('step', step);
  const search = query.toString();
  return `${localePath(language, 'login')}${search ? `?${search}` : ''}`;
}

export async function requireSession({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const language = assertLanguage(params, request);
  const { data: sessionData } = await supabase().auth.getSession();
  const session = sessionData.session;
  if (!session) throw redirect(loginPath(language, returnTo));
  const { data: aal } = await supabase().auth.mfa.getAuthenticatorAssuranceLevel();
  if (aal && aal.nextLevel === 'aal2' && aal.currentLevel !== 'aal2')
    throw redirect(loginPath(language, returnTo, 'mfa'));
  return session;
}

export interface CommunityLoaderData {
  slug: string;
  membership: MembershipClaim;
  communities: { slug: string; name: string }[];
}

export async function communityLoader(args: LoaderFunctionArgs): Promise<CommunityLoaderData> {
  const session = await requireSession(args);
  const memberships = membershipsFromToken(session.access_token);
  const found = findMembership(memberships, args.params.community ?? '');
  if (!found) throw redirect(localePath(languageParam(args.params)));
  return {
    slug: found.slug,
    membership: found.membership,
    communities: Object.entries(memberships)
      .map(([slug, m]) => ({ slug, name: m.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** Route parameters that name a record (`:id`, `:memberId`, …) hold a uuid; anything else is
 * a page that cannot exist, answered with the 404 view before any request is made. */
export function assertRecordIds(params: LoaderFunctionArgs['params']): void {
  for (const [name, value] of Object.entries(params)) {
    if ((name === 'id' || name.endsWith('Id')) && !isUuid(value)) throw data(null, { status: 404 });
  }
}

/**
 * Area pages: only for those who administer the area; others go to the community overview,
 * which says why (`?denied=<area>`: the area they asked for and who grants it).
 */
export function areaLoader(area: CommunityArea) {
  return async (args: LoaderFunctionArgs) => {
    const community = await communityLoader(args);
    if (!canAdminister(community.membership, area)) {
      throw redirect(`${localePath(languageParam(args.params), community.slug)}?denied=${area}`);
    }
    assertRecordIds(args.params);
    return null;
  };
}

/** Sign-in screens send a fully signed-in visitor on to where they were going. */
export async function signedOutOnly({ request, params }: LoaderFunctionArgs): Promise<null> {
  assertLanguage(params, request);
  const url = new URL(request.url);
  if (url.searchParams.get('step') === 'mfa') return null;
  const { data: sessionData } = await supabase().auth.getSession();
  if (!sessionData.session) return null;
  const { data: aal } = await supabase().auth.mfa.getAuthenticatorAssuranceLevel();
  if (aal && aal.nextLevel === 'aal2' && aal.currentLevel !== 'aal2') return null;
  const target = url.searchParams.get('redirect');
  throw redirect(
    target && target.startsWith('/') && !target.startsWith('//') ? target : localePath(languageParam(params)),
  );
}
