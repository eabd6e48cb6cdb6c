// Language for the current route (first two characters of the path), typed message lookup
// per namespace, formatters, and the paths that keep the page when switching language.
import {
  createFormatters,
  createTranslator,
  languageFromPath,
  type Formatters,
  type Language,
  type MessageTree,
  type Namespace,
  type Translate,
} from '@club/i18n';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';

export type { Language } from '@club/i18n';

export function useLanguage(): Language {
  return languageFromPath(useLocation().pathname);
}

export function useT<T extends MessageTree>(namespace: Namespace<T>): Translate<T> {
  const language = useLanguage();
  return useMemo(() => createTranslator(namespace, language), [namespace, language]);
}

export function useFormat(timeZone?: string): Formatters {
  const language = useLanguage();
  return useMemo(() => createFormatters(language, timeZone), [language, timeZone]);
}

/** Keeps <html lang> in step with the route. */
export function useDocumentLanguage(language: Language): void {
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
}

/** `/{lang}/rest` for a path written without the language prefix. */
export function localePath(language: Language, path = ''): string {
  const rest = path.replace(/^\/+/, '');
  return rest ? `/${language}/${rest}` : `/${language}`;
}

/** The same page in another language: the prefix swapped, query and hash kept. */
export function switchLanguagePath(
  pathname: string,
  search: string,
  hash: string,
  language: Language,
): string {
  const [, first = '', ...rest] = pathname.split('/');
  const remainder = first === 'en' || first === 'da' ? rest : first ? [first, ...rest] : rest;
  const path = ['', language, ...remainder].join('/').replace(/\/$/, '');
  return `${path || `/${language}`}${search}${hash}`;
}

export const languageCookie = 'i18n_redirected';

/** Remembers the chosen language for the root redirect (365 days, path /, SameSite lax). */
export function rememberLanguage(language: Language): void {
  document.cookie = `${languageCookie}=${language}; Max-Age=${365 * 24 * 60 * 60}; Path=/; SameSite=Lax`;
}

export function preferredLanguage(): Language {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${languageCookie}=`));
  const remembered = cookie?.slice(languageCookie.length + 1);
  if (remembered === 'da' || remembered === 'en') return remembered;
  return navigator.languages.some((l) => l.toLowerCase().startsWith('da')) ? 'da' : 'en';
}
