// New-build check (product.md §7, §9): polls /builds/latest.json; once the id differs from the
// one the page started with, the next navigation is a full page load. A chunk that fails to load
// (an old build's file gone after a deploy) reloads the page once, guarded for 10,000 ms.
const reloadGuardKey = 'chunk-reload-at';
export const reloadGuardMs = 10_000;
export const buildCheckIntervalMs = 5 * 60_000;

interface BuildCheckState {
  startId: string | undefined;
  newBuild: boolean;
}

const state: BuildCheckState = { startId: undefined, newBuild: false };

export async function checkBuild(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetcher('/builds/latest.json', { cache: 'no-store' });
    if (!response.ok) return state.newBuild;
    const { id } = (await response.json()) as { id?: unknown };
    if (typeof id !== 'string') return state.newBuild;
    if (state.startId === undefined) state.startId = id;
    else if (id !== state.startId) state.newBuild = true;
  } catch {
    // Offline or server restarting: try again at the next tick.
  }
  return state.newBuild;
}

export function isNewBuildAvailable(): boolean {
  return state.newBuild;
}

export function resetBuildCheck(): void {
  state.startId = undefined;
  state.newBuild = false;
}

/** Starts polling; also checks when the tab becomes visible again. Returns a stop function. */
export function startBuildCheck(intervalMs = buildCheckIntervalMs): () => void {
  void checkBuild();
  const timer = window.setInterval(() => void checkBuild(), intervalMs);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void checkBuild();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Reloads once after a failed chunk load; false when a reload already happened within the guard. */
export function reloadAfterChunkError(
  now = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  let last = 0;
  try {
    last = Number(window.sessionStorage.getItem(reloadGuardKey) ?? 0);
    if (now - last < reloadGuardMs) return false;
    window.sessionStorage.setItem(reloadGuardKey, String(now));
  } catch {
    // Without session storage the guard cannot hold: do not risk a reload loop.
    return false;
  }
  reload();
  return true;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}
