// The events list (product.md §2) on the kit's DataTable: upcoming or past events of the
// community with search, filters, server-side sorting and paging (all in the address), CSV
// export of the current filter, and cards on phones. Rows open the event.
import { eventsMessages } from '@club/i18n/namespaces/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, Plus, Repeat } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { EventCard } from './event-card-list';
import { EventListFilters } from './event-list-filters';
import type { EventSummary } from './event-records';
import { EventStatusBadge } from './event-status-badge';
import { eventListSpec, loadAllEvents, loadEventList, type EventListFilter } from './load-event-list';
import { eventKeys } from './use-event-community';
import { useCommunityTimeZone } from '../../lib/community-time-zone';

/** The upcoming/past switch is a tab, not a narrowing filter. */
const tabs: EventListFilter[] = ['when'];

export function EventListPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(eventsMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const list = useListState(eventListSpec, tabs);
  const { state } = list;
  // The zone matters only to the date filters; without them the list loads beside it, not after it.
  const needsZone = Boolean(state.filters.from || state.filters.to);
  const zone = timeZone ?? 'Europe/Copenhagen';
  const query = useQuery({
    queryKey: eventKeys.list(communityId, needsZone ? { state, zone } : state),
    queryFn: () => loadEventList(state, communityId, zone),
    enabled: timeZone !== undefined || !needsZone,
    placeholderData: keepPreviousData,
  });

  const detailPath = (id: string) => localePath(language, `${slug}/events/${id}`);
  const sold = (row: EventSummary) =>
    row.capacity === null
      ? t('list.soldUnlimited', { sold: format.number(row.tickets_sold) })
      : t('list.soldOf', { sold: format.number(row.tickets_sold), capacity: format.number(row.capacity) });
  const columns = useMemo<ListColumn<EventSummary>[]>(
    () => [
      {
        id: 'title',
        header: t('list.columns.title'),
        sortable: true,
        hideable: false,
        csv: (row) => row.title,
        cell: (row) => (
          <div className="min-w-0">
            <Link
              to={detailPath(row.id)}
              className="font-medium hover:underline"
              onClick={(e) => e.stopPropagation()}
            >
              {row.title}
            </Link>
            <div className="flex items-center gap-1 text-xs text-muted-foreground">
              {row.series_id ? <Repeat aria-label={t('list.series')} className="size-3" /> : null}
              <span className="truncate">{row.location ?? ''}</span>
            </div>
          </div>
        ),
      },
      {
        id: 'starts_at',
        header: t('list.columns.date'),
        sortable: true,
        csv: (row) => format.dateTime(row.starts_at),
        cell: (row) => <span className="whitespace-nowrap">{format.dateTime(row.starts_at)}</span>,
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        sortable: true,
        csv: (row) => t(`status.${row.effective_status}`),
        cell: (row) => <EventStatusBadge status={row.effective_status} />,
      },
      {
        id: 'visibility',
        header: t('list.columns.visibility'),
        csv: (row) => t(`visibility.${row.visibility}`),
        cell: (row) => <Badge>{t(`visibility.${row.visibility}`)}</Badge>,
      },
      {
        id: 'tickets_sold',
        header: t('list.columns.sold'),
        align: 'right',
        sortable: true,
        csv: (row) => row.tickets_sold,
        cell: sold,
      },
      {
        id: 'revenue_ore',
        header: t('list.columns.revenue'),
        align: 'right',
        sortable: true,
        csv: (row) => format.number(Number(row.revenue_ore) / 100, 2),
        cell: (row) => format.money(Number(row.revenue_ore)),
      },
    ],
    [t, format, language, slug],
  );

  const newButton = (
    <Button asChild>
      <Link to={localePath(language, `${slug}/events/new`)}>
        <Plus aria-hidden="true" />
        {t('newEvent')}
      </Link>
    </Button>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} action={newButton} />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => row.title}
        onRowClick={(row) => void navigate(detailPath(row.id))}
        card={(row) => <EventCard row={row} path={detailPath(row.id)} format={format} sold={sold(row)} />}
        toolbar={<EventListFilters list={list} />}
        storageKey="events"
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={{
          icon: CalendarDays,
          title: t('list.emptyTitle'),
          body: t('list.emptyBody'),
          action: newButton,
        }}
        exportCsv={{
          filename: `${t('list.caption').toLowerCase()}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllEvents(state, communityId, zone),
        }}
      />
    </>
  );
}
