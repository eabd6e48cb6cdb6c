// A small dot that says whether a page's live updates are connected: green when they are,
// grey while connecting. Its name says it in words and a tooltip explains it, so it does not
// read as a state of the thing on the page.
import { commonMessages } from '@club/i18n/namespaces/common';
import { Tooltip } from 'radix-ui';
import { useT } from '../../lib/i18n';
import { cn } from '../../lib/class-names';

export function ConnectionIndicator({ connected }: { connected: boolean }) {
  const t = useT(commonMessages);
  const label = connected ? t('connection.on') : t('connection.off');
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            aria-label={label}
            aria-describedby={undefined}
            data-testid="connection-indicator"
            data-connected={connected}
            className="inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
          >
            <span
              aria-hidden="true"
              className={cn(
                'size-2.5 rounded-full',
                connected ? 'bg-green-600 dark:bg-green-400' : 'animate-pulse bg-muted-foreground',
              )}
            />
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            side="bottom"
            sideOffset={4}
            className="z-50 max-w-64 rounded-md border border-border bg-surface px-3 py-2 text-xs text-foreground shadow-md"
          >
            <p className="font-medium">{label}</p>
            <p className="mt-0.5 text-muted-foreground">
              {connected ? t('connection.onHelp') : t('connection.offHelp')}
            </p>
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
