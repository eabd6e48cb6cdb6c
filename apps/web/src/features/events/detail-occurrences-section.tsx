// The dates of a repeating event, each linking to its own occurrence.
import { eventsMessages } from '@club/i18n/namespaces/events';
import type { Formatters } from '@club/i18n';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { localePath, useLanguage, useT } from '../../lib/i18n';
import type { EventRecord, EventStatus } from './event-records';
import { EventStatusBadge } from './event-status-badge';

export function DetailOccurrencesSection({
  event,
  occurrences,
  format,
  slug,
}: {
  event: EventRecord;
  occurrences: { id: string; starts_at: string; status: string }[];
  format: Formatters;
  slug: string;
}) {
  const t = useT(eventsMessages);
  const language = useLanguage();
  if (event.repeat === 'never' && !event.series_id) return null;
  return (
    <Card aria-labelledby="detail-occurrences">
      <CardHeader id="detail-occurrences" title={t('detail.occurrences.title')} />
      <CardBody>
        {occurrences.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.occurrences.notExpanded')}</p>
        ) : (
          <ol className="grid gap-1 text-sm sm:grid-cols-2" aria-label={t('detail.occurrences.title')}>
            {occurrences.map((o) => (
              <li
                key={o.id}
                className="flex items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-muted"
              >
                {o.id === event.id ? (
                  <span aria-current="true" className="font-medium tabular-nums">
                    {format.date(o.starts_at, 'long')} {format.time(o.starts_at)}
                  </span>
                ) : (
                  <Link
                    to={localePath(language, `${slug}/events/${o.id}`)}
                    className="tabular-nums hover:underline"
                  >
                    {format.date(o.starts_at, 'long')} {format.time(o.starts_at)}
                  </Link>
                )}
                <EventStatusBadge status={o.status as EventStatus} />
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}
