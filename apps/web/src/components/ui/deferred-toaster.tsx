// The notification area loads with the first notification (or the first F8), so pages that
// never notify do not load radix toast. Once loaded it stays.
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { subscribeToasts, toasts } from './toast-store';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

export function DeferredToaster() {
  const items = useSyncExternalStore(subscribeToasts, toasts, toasts);
  const [wanted, setWanted] = useState(false);
  if (!wanted && items.length > 0) setWanted(true);
  useEffect(() => {
    if (wanted) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') setWanted(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
