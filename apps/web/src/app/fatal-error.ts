// Fatal and unhandled errors (product.md §4): once one happens the app shows the error view
// instead of a half-working page. Failed chunk loads first try one guarded reload.
import { isChunkLoadError, reloadAfterChunkError } from '../lib/build-check';

export interface FatalError {
  status: number;
  message: string | undefined;
}

let current: FatalError | undefined;
const listeners = new Set<() => void>();

export function reportFatalError(error: unknown): void {
  if (isChunkLoadError(error) && reloadAfterChunkError()) return;
  console.error('Unhandled error', error);
  current = { status: 500, message: undefined };
  for (const listener of listeners) listener();
}

export function fatalError(): FatalError | undefined {
  return current;
}

export function subscribeFatalError(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Errors the browser reports that are not failures of the app. */
function ignorable(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason);
  return (
    /ResizeObserver loop|AbortError|The user aborted a request/i.test(message) ||
    (reason instanceof DOMException && reason.name === 'AbortError')
  );
}

export function installFatalErrorHandlers(): void {
  window.addEventListener('error', (event) => {
    if (event.error !== undefined && !ignorable(event.error)) reportFatalError(event.error);
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (event.reason instanceof Error && !ignorable(event.reason)) reportFatalError(event.reason);
  });
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reportFatalError(
      (event as Event & { payload?: unknown }).payload ??
        new Error('Failed to fetch dynamically imported module'),
    );
  });
}
