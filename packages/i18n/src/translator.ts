// Typed message lookup. A namespace is a pair of message trees (English is the source of
// truth for keys, Danish must have exactly the same shape); keys are dotted paths to leaves.
export const languages = ['en', 'da'] as const;
export type Language = (typeof languages)[number];

export type MessageTree = { readonly [key: string]: string | MessageTree };

/** Same shape as T with every leaf a string: what a translation of T must look like. */
export type TranslationOf<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]>;
};

/** CLDR plural categories: a key `x_one` / `x_other` (i18next's convention) is used as `x`. */
export type PluralSuffix = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** Dotted paths to every string leaf of T; plural leaves `x_one`, `x_other` also give `x`. */
export type MessageKey<T> = {
  [K in keyof T & string]: T[K] extends string
    ? K | (K extends `${infer Base}_${PluralSuffix}` ? Base : never)
    : `${K}.${MessageKey<T[K]>}`;
}[keyof T & string];

export interface Namespace<T extends MessageTree> {
  readonly name: string;
  readonly messages: Readonly<Record<Language, TranslationOf<T>>>;
  /** Type-only: the English tree the keys come from. */
  readonly tree?: T;
}

export function defineNamespace<T extends MessageTree>(
  name: string,
  en: T,
  da: TranslationOf<T>,
): Namespace<T> {
  return { name, messages: { en: en as TranslationOf<T>, da } };
}

export type MessageValues = Readonly<Record<string, string | number>>;
export type Translate<T> = (key: MessageKey<T>, values?: MessageValues) => string;

/** Looks a key up; a missing key shows itself (and the test suite fails before that ships). */
export function lookupMessage(tree: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces `{name}` placeholders; unknown placeholders are left as they are. */
export function interpolate(message: string, values?: MessageValues): string {
  if (!values) return message;
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

/**
 * A plural message: with a numeric `count`, `key_one`, `key_other` … are chosen by the
 * language's plural rules (Danish and English: one for 1, other for the rest) and `{count}`
 * is shown with the language's digit grouping ("1.234" in Danish).
 */
function lookupPlural(tree: MessageTree, key: string, language: Language, count: number) {
  const category = new Intl.PluralRules(language).select(count);
  return lookupMessage(tree, `${key}_${category}`) ?? lookupMessage(tree, `${key}_other`);
}

export function createTranslator<T extends MessageTree>(
  namespace: Namespace<T>,
  language: Language,
): Translate<T> {
  const tree = namespace.messages[language] as MessageTree;
  const fallback = namespace.messages.en as MessageTree;
  return (key, values) => {
    const direct = lookupMessage(tree, key) ?? lookupMessage(fallback, key);
    const count = values?.count;
    if (direct === undefined && typeof count === 'number') {
      const plural = lookupPlural(tree, key, language, count) ?? lookupPlural(fallback, key, language, count);
      if (plural !== undefined) {
        const shown = new Intl.NumberFormat(language === 'da' ? 'da-DK' : 'en-GB').format(count);
        return interpolate(plural, { ...values, count: shown });
      }
    }
    // A numeric count is shown with the language's digit grouping in any message.
    const shown =
      typeof count === 'number'
        ? { ...values, count: new Intl.NumberFormat(language === 'da' ? 'da-DK' : 'en-GB').format(count) }
        : values;
    return interpolate(direct ?? key, shown);
  };
}

/** Language from the first two characters of a path: `da` is Danish, anything else English. */
export function languageFromPath(pathname: string): Language {
  return pathname.replace(/^\//, '').slice(0, 2) === 'da' ? 'da' : 'en';
}

/** The keys of a namespace, for values that hold a message key until they are shown. */
export type NamespaceKey<N> = N extends { readonly tree?: infer T } ? MessageKey<NonNullable<T>> : never;
