// An event on phones: one card instead of a row of the wide table, with the same figures.
import type { Formatters } from '@club/i18n';
import { Link } from 'react-router';
import type { EventSummary } from './event-records';
import { EventStatusBadge } from './event-status-badge';

export function EventCard({
  row,
  path,
  format,
  sold,
}: {
  row: EventSummary;
  path: string;
  format: Formatters;
  sold: string;
}) {
  return (
    <Link to={path} className="block rounded-lg border border-border bg-surface p-3 hover:border-accent">
      <span className="flex items-start justify-between gap-2">
        <span className="min-w-0 font-medium">{row.title}</span>
        <EventStatusBadge status={row.effective_status} />
      </span>
      <span className="mt-1 block text-sm text-muted-foreground">{format.dateTime(row.starts_at)}</span>
      <span className="mt-2 flex justify-between text-sm tabular-nums">
        <span>{sold}</span>
        <span>{format.money(Number(row.revenue_ore))}</span>
      </span>
    </Link>
  );
}
