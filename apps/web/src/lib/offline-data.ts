// What the member app's service worker keeps (pwa.config.ts): the name of its copy of club data,
// and clearing it, so a shared phone does not show the last user's data after signing out.
export const memberDataCache = 'member-data';
/** The built code files (hashed names) the app has loaded. */
export const codeCache = 'app-code';

/** Keeps the code files this page loaded before the service worker controlled it, so the same
 * screen opens offline after the very first visit too. */
export async function keepLoadedCode(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  const cache = await caches.open(codeCache);
  await cache.addAll([...new Set(urls)]);
}

export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(memberDataCache);
}
