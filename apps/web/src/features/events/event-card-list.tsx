// The events list on phones: one card per event instead of a wide table, with the same
// figures and paging.
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';
import type { EventSummary } from './event-records';
import { EventStatusBadge } from './event-status-badge';

export function EventCardList({
  rows,
  path,
  format,
  page,
  pages,
  onPage,
}: {
  rows: EventSummary[];
  path: (id: string) => string;
  format: Formatters;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const t = useT(eventsMessages);
  return (
    <div className="sm:hidden">
      <ul className="space-y-2" aria-label={t('list.caption')}>
        {rows.map((row) => (
          <li key={row.id}>
            <Link
              to={path(row.id)}
              className="block rounded-lg border border-border bg-surface p-3 hover:border-accent"
            >
              <span className="flex items-start justify-between gap-2">
                <span className="min-w-0 font-medium">{row.title}</span>
                <EventStatusBadge status={row.effective_status} />
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">
                {format.dateTime(row.starts_at)}
              </span>
              <span className="mt-2 flex justify-between text-sm tabular-nums">
                <span>
                  {row.capacity === null
                    ? t('list.soldUnlimited', { sold: format.number(row.tickets_sold) })
                    : t('list.soldOf', {
                        sold: format.number(row.tickets_sold),
                        capacity: format.number(row.capacity),
                      })}
                </span>
                <span>{format.money(Number(row.revenue_ore))}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav
          className="mt-3 flex items-center justify-between text-sm"
          aria-label={t('list.pageOf', { page: page + 1, pages })}
        >
          <Button variant="secondary" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
            <ChevronLeft aria-hidden="true" />
            {t('list.previous')}
          </Button>
          <span className="text-muted-foreground">{t('list.pageOf', { page: page + 1, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages - 1} onClick={() => onPage(page + 1)}>
            {t('list.next')}
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
