// The per-navigation redirect lookup (product.md §2): asks the database's `resolve_redirect(path)`
// whether a redirect applies. An absolute target means a full page load, a relative one a
// client-side navigation. When the function does not exist the lookup switches itself off.
import type { SupabaseClient } from '@supabase/supabase-js';

export type RedirectDecision =
  { kind: 'none' } | { kind: 'load'; url: string } | { kind: 'navigate'; path: string };

let unavailable = false;
const timeoutMs = 3000;

export function resetRedirectLookup(): void {
  unavailable = false;
}

export function decideRedirect(target: unknown, currentPath: string): RedirectDecision {
  if (typeof target !== 'string' || target.trim() === '') return { kind: 'none' };
  const value = target.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith('//')) {
    return /^https?:\/\//i.test(value) || value.startsWith('//')
      ? { kind: 'load', url: value }
      : { kind: 'none' };
  }
  const path = value.startsWith('/') ? value : `/${value}`;
  return path === currentPath ? { kind: 'none' } : { kind: 'navigate', path };
}

export async function lookUpRedirect(client: SupabaseClient, path: string): Promise<RedirectDecision> {
  if (unavailable) return { kind: 'none' };
  try {
    const { data, error } = await client
      .rpc('resolve_redirect', { path })
      .abortSignal(AbortSignal.timeout(timeoutMs));
    if (error) {
      if (
        error.code === 'PGRST202' ||
        error.code === '42883' ||
        /not found|not implemented/i.test(error.message)
      ) {
        unavailable = true;
      }
      return { kind: 'none' };
    }
    return decideRedirect(data, path);
  } catch {
    return { kind: 'none' };
  }
}
