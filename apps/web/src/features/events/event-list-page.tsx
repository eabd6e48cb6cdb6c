// The events list (product.md §2): upcoming or past events of the community with search,
// filters, server-side sorting and paging, each row with date, status, visibility, tickets
// sold of capacity and revenue. Rows open the event.
import { commonMessages } from '@club/i18n/namespaces/common';
import { eventsMessages } from '@club/i18n/namespaces/events';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, Plus, Repeat } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DataTable, type Column, type TableSort } from '../../components/ui/data-table';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import type { EventSummary } from './event-records';
import { EventListFilters, type ListFilters } from './event-list-filters';
import { EventCardList } from './event-card-list';
import { EventStatusBadge } from './event-status-badge';
import { loadEventList, type EventListQuery, type EventListSort } from './load-event-list';
import { eventKeys, useCommunityTimeZone } from './use-event-community';

const pageSize = 25;
const sortable: EventListSort[] = ['starts_at', 'title', 'tickets_sold', 'revenue_ore', 'status'];

function readFilters(params: URLSearchParams): ListFilters {
  return {
    when: params.get('when') === 'past' ? 'past' : 'upcoming',
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    visibility: params.get('visibility') ?? '',
    kind: params.get('kind') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
}

export function EventListPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(eventsMessages);
  const tc = useT(commonMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const timeZone = useCommunityTimeZone(communityId);
  const format = useFormat(timeZone);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const sortParam = params.get('sort') ?? '';
  const sortId = (sortable as string[]).includes(sortParam.replace(/^-/, ''))
    ? (sortParam.replace(/^-/, '') as EventListSort)
    : 'starts_at';
  const ascending = !sortParam.startsWith('-');
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '1', 10) - 1 || 0);

  const update = useCallback(
    (next: Record<string, string>) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value) merged.set(key, value);
            else merged.delete(key);
          }
          if (!('page' in next)) merged.delete('page');
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onFilters = useCallback(
    (next: Partial<ListFilters>) => update(next as Record<string, string>),
    [update],
  );

  const query: EventListQuery = {
    communityId,
    timeZone: timeZone ?? 'Europe/Copenhagen',
    when: filters.when,
    search: filters.q,
    from: filters.from,
    to: filters.to,
    status: filters.status as EventListQuery['status'],
    visibility: filters.visibility as EventListQuery['visibility'],
    kind: filters.kind as EventListQuery['kind'],
    sort: sortId,
    ascending,
    page,
    pageSize,
  };
  // The zone matters only to the date filters; without them the list loads beside it, not after it.
  const needsZone = Boolean(filters.from || filters.to);
  const list = useQuery({
    queryKey: eventKeys.list(communityId, needsZone ? query : { ...query, timeZone: '' }),
    queryFn: () => loadEventList(query),
    enabled: timeZone !== undefined || !needsZone,
    placeholderData: keepPreviousData,
  });

  const detailPath = (id: string) => localePath(language, `${slug}/events/${id}`);
  const columns = useMemo<Column<EventSummary>[]>(
    () => [
      {
        id: 'title',
        header: t('list.columns.title'),
        sortValue: () => 0,
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
        sortValue: () => 0,
        cell: (row) => <span className="whitespace-nowrap">{format.dateTime(row.starts_at)}</span>,
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        sortValue: () => 0,
        cell: (row) => <EventStatusBadge status={row.effective_status} />,
      },
      {
        id: 'visibility',
        header: t('list.columns.visibility'),
        cell: (row) => <Badge>{t(`visibility.${row.visibility}`)}</Badge>,
      },
      {
        id: 'tickets_sold',
        header: t('list.columns.sold'),
        align: 'right',
        sortValue: () => 0,
        cell: (row) =>
          row.capacity === null
            ? t('list.soldUnlimited', { sold: format.number(row.tickets_sold) })
            : t('list.soldOf', {
                sold: format.number(row.tickets_sold),
                capacity: format.number(row.capacity),
              }),
      },
      {
        id: 'revenue_ore',
        header: t('list.columns.revenue'),
        align: 'right',
        sortValue: () => 0,
        cell: (row) => format.money(Number(row.revenue_ore)),
      },
    ],
    [t, format, language, slug],
  );

  const sort: TableSort = { id: sortId, direction: ascending ? 'asc' : 'desc' };
  const total = list.data?.total ?? 0;
  const filtered = Boolean(
    filters.q || filters.status || filters.visibility || filters.kind || filters.from || filters.to,
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
      <EventListFilters filters={filters} onChange={onFilters} />
      {list.isError ? (
        <Alert kind="error" title={t('list.loadError')}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            {tc('actions.retry')}
          </Button>
        </Alert>
      ) : !list.data ? (
        <div className="space-y-2" aria-busy="true" aria-label={tc('loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
            {total === 1 ? t('list.countOne') : t('list.count', { count: format.number(total) })}
          </p>
          {list.data.rows.length > 0 ? (
            <EventCardList
              rows={list.data.rows}
              path={detailPath}
              format={format}
              page={page}
              pages={Math.max(1, Math.ceil(total / pageSize))}
              onPage={(next) => update({ page: String(next + 1) })}
            />
          ) : null}
          <div className={list.data.rows.length > 0 ? 'hidden sm:block' : undefined}>
            <DataTable
              caption={t('list.caption')}
              columns={columns}
              rows={list.data.rows}
              rowKey={(row) => row.id}
              onRowClick={(row) => void navigate(detailPath(row.id))}
              pageSize={pageSize}
              server={{
                sort,
                onSortChange: (next) => update({ sort: next.direction === 'asc' ? next.id : `-${next.id}` }),
                page,
                pages: Math.ceil(total / pageSize),
                onPageChange: (next) => update({ page: String(next + 1) }),
              }}
              empty={
                filtered ? (
                  <EmptyState icon={CalendarDays} title={t('list.noMatchesTitle')}>
                    {t('list.noMatchesBody')}
                  </EmptyState>
                ) : (
                  <EmptyState icon={CalendarDays} title={t('list.emptyTitle')} action={newButton}>
                    {t('list.emptyBody')}
                  </EmptyState>
                )
              }
            />
          </div>
        </>
      )}
    </>
  );
}
