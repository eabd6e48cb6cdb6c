// The global notification area: Radix Toast, swipe right past 50 px to dismiss, F8 moves focus
// to the area, at most 420 px wide from medium screens up.
import { commonMessages } from '@club/i18n/namespaces/common';
import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cn } from '../../lib/class-names';
import { useT } from '../../lib/i18n';
import { dismissToast, subscribeToasts, toasts } from './toast-store';

export const toastSwipeThreshold = 50;

export function Toaster() {
  const t = useT(commonMessages);
  const items = useSyncExternalStore(subscribeToasts, toasts, toasts);
  return (
    <Toast.Provider
      swipeDirection="right"
      swipeThreshold={toastSwipeThreshold}
      label={t('notifications.region')}
    >
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          data-variant={item.variant}
          className={cn(
            'toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            item.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-surface text-foreground',
          )}
        >
          <div className="grid flex-1 gap-1">
            {item.title ? <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title> : null}
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          {item.action ? (
            <Toast.Action altText={item.action.label} asChild>
              <button
                type="button"
                onClick={item.action.onClick}
                className="shrink-0 rounded-md border border-current px-3 py-1.5 text-sm font-medium"
              >
                {item.action.label}
              </button>
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label={t('actions.dismiss')}
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
