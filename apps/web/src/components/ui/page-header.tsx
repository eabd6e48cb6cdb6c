import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title';

/** Every page starts with a title, a one-line description and, on the right, its primary
 * action; the title (or `documentTitle` when the title is not plain text) names the tab. */
export function PageHeader({
  title,
  description,
  action,
  breadcrumbs,
  documentTitle,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  breadcrumbs?: ReactNode;
  documentTitle?: string;
}) {
  useDocumentTitle(documentTitle ?? (typeof title === 'string' ? title : undefined));
  return (
    <header className="mb-6 space-y-2">
      {breadcrumbs}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action ? <div className="max-w-full shrink-0">{action}</div> : null}
      </div>
    </header>
  );
}
