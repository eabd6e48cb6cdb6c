// The three ways a list can have no rows, which the kit keeps apart: the area has nothing yet
// (say what it is for and offer the first action), the filters match nothing (offer to clear
// them), and the list could not be loaded (say so and offer to try again). Plus skeleton rows.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { SearchX, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { Skeleton } from '../ui/skeleton';

/** What an area says when it has no rows at all. */
export interface ListEmpty {
  icon: LucideIcon;
  title: string;
  body?: ReactNode;
  action?: ReactNode;
}

export function ListNoMatches({ onClear }: { onClear: () => void }) {
  const t = useT(kitMessages);
  return (
    <EmptyState
      icon={SearchX}
      title={t('list.noMatchesTitle')}
      action={
        <Button variant="secondary" onClick={onClear}>
          {t('list.clearFilters')}
        </Button>
      }
    >
      {t('list.noMatchesBody')}
    </EmptyState>
  );
}

export function ListLoadError({ onRetry, title }: { onRetry: () => void; title?: string }) {
  const t = useT(kitMessages);
  return (
    <Alert kind="error" title={title ?? t('list.loadErrorTitle')}>
      <p>{t('list.loadErrorBody')}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {t('list.retry')}
      </Button>
    </Alert>
  );
}

export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const t = useT(kitMessages);
  return (
    <div className="space-y-2" role="status" aria-busy="true" aria-label={t('list.loading')}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}
