// The Prefer header: comma-separated tokens from every Prefer header, first occurrence of
// each preference wins, unknown tokens ignored unless handling=strict.
import type { Preferences } from './api-request';

const allowed: Record<string, readonly string[]> = {
  return: ['minimal', 'headers-only', 'representation'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
  tx: ['commit', 'rollback'],
};

export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    return: undefined,
    count: undefined,
    resolution: undefined,
    missing: undefined,
    handling: undefined,
    maxAffected: undefined,
    tx: undefined,
    timezone: undefined,
    invalid: [],
  };
  const record = prefs as unknown as Record<string, unknown>;
  for (const raw of (header ?? '').split(',')) {
    const token = raw.trim();
    if (token === '') continue;
    const eq = token.indexOf('=');
    const name = eq < 0 ? token : token.slice(0, eq).trim();
    const value = eq < 0 ? '' : token.slice(eq + 1).trim();
    if (name === 'max-affected' && /^\d+$/.test(value)) {
      prefs.maxAffected ??= Number(value);
    } else if (name === 'timezone' && value !== '') {
      prefs.timezone ??= value;
    } else if (Object.hasOwn(allowed, name) && allowed[name]?.includes(value)) {
      const key = name;
      if (record[key] === undefined) record[key] = value;
    } else {
      prefs.invalid.push(token);
    }
  }
  return prefs;
}

/** Preference-Applied: the honoured preferences in PostgREST's order. */
export function appliedPreferences(
  applied: Partial<Record<string, string | number | undefined>>,
): string | undefined {
  const order = ['resolution', 'missing', 'return', 'count', 'tx', 'handling', 'timezone', 'max-affected'];
  const parts = order.flatMap((k) => (applied[k] === undefined ? [] : [`${k}=${applied[k]}`]));
  return parts.length > 0 ? parts.join(', ') : undefined;
}
