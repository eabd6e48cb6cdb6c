// Typed message lookup. A namespace is a pair of message trees (English is the source of
// truth for keys, Danish must have exactly the same shape); keys are dotted paths to leaves.
export const languages = ['en', 'da'] as const;
export type Language = (typeof languages)[number];

export type MessageTree = { readonly [key: string]: string | MessageTree };

/** Same shape as T with every leaf a string: what a translation of T must look like. */
export type TranslationOf<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : TranslationOf<T[K]>;
};

/** Dotted paths to every string leaf of T. */
export type MessageKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessageKey<T[K]>}`;
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

export function createTranslator<T extends MessageTree>(
  namespace: Namespace<T>,
  language: Language,
): Translate<T> {
  const tree = namespace.messages[language] as MessageTree;
  const fallback = namespace.messages.en as MessageTree;
  return (key, values) =>
    interpolate(lookupMessage(tree, key) ?? lookupMessage(fallback, key) ?? key, values);
}

/** Language from the first two characters of a path: `da` is Danish, anything else English. */
export function languageFromPath(pathname: string): Language {
  return pathname.replace(/^\//, '').slice(0, 2) === 'da' ? 'da' : 'en';
}

/** The keys of a namespace, for values that hold a message key until they are shown. */
export type NamespaceKey<N> = N extends { readonly tree?: infer T } ? MessageKey<NonNullable<T>> : never;
