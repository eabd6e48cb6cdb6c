// A member screen's read in one of three states: loading (a quiet skeleton), failed (what to do,
// with a retry), or its data. A record that is gone shows the 404 view. Data already loaded stays
// on screen while a refetch fails offline.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { NotFoundView } from '../../components/ui/error-view';
import { Skeleton } from '../../components/ui/skeleton';
import { useT } from '../../lib/i18n';
import { NotFoundError } from '../../lib/request-errors';

export function QueryState<T>({
  query,
  children,
  lines = 3,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  lines?: number;
}) {
  const t = useT(memberAppMessages);
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error instanceof NotFoundError) return <NotFoundView embedded />;
  if (query.isError)
    return (
      <div role="alert" className="rounded-lg border border-border bg-surface p-4 text-sm">
        <p>{t('errors.loadFailed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </Button>
      </div>
    );
  return (
    <div className="space-y-2" aria-busy="true">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}
