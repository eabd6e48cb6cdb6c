// Messages per namespace (one JSON file per language under locales/<lang>/<namespace>.json,
// wired in namespaces/<namespace>.ts), typed keys and per-language formatters.
export * from './translator';
export * from './formatters';
