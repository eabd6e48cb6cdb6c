// Bookings (/booking): a calendar by day or week with one column per product and the free
// time in each cell, a list view on the kit's DataTable, filters for product, member and
// status in the address, booking on behalf of a member, season series, utilisation, and
// live updates when someone else books.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, Plus, Repeat, Settings2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DateInput } from '../../components/date/date-input';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import { useListState } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { isoToZonedDate, isoToZonedInput } from '../../lib/zoned-time';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { bookingKeys } from './booking-keys';
import { bookingStatuses, memberName, type BookingRow } from './booking-records';
import { BookingWeekGrid } from './booking-week-grid';
import { addDaysIso, mondayOf } from './free-time';
import { bookingListSpec, loadAllBookings, loadBookingList } from './load-bookings';
import { loadProductChoices } from './load-product';
import { NewBookingDialog } from './new-booking-dialog';
import { SeasonSeriesDialog } from './season-series-dialog';
import { useLiveBookings } from './use-live-bookings';
import { UtilisationSection } from './utilisation-section';

const views = ['week', 'day', 'list', 'utilisation'] as const;
type View = (typeof views)[number];

// The calendar holds the bookings that take up time; cancelled ones are in the list view.
const gridStatuses = bookingStatuses.filter((s) => s !== 'cancelled');

export function BookingCalendarPage({ communityId, slug }: { communityId: string; slug: string }) {
  const t = useT(bookingMessages);
  const language = useLanguage();
  const timeZone = useCommunityTimeZone(communityId) ?? 'Europe/Copenhagen';
  const format = useFormat(timeZone);
  const list = useListState(bookingListSpec);
  const live = useLiveBookings(communityId);
  const today = isoToZonedDate(new Date().toISOString(), timeZone);
  const view: View = (views as readonly string[]).includes(list.state.filters.view)
    ? (list.state.filters.view as View)
    : 'week';
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(list.state.filters.day) ? list.state.filters.day : today;
  const firstDay = view === 'day' ? anchor : mondayOf(anchor);
  const days = view === 'day' ? 1 : 7;
  const [dialog, setDialog] = useState<'book' | 'series'>();
  const choices = useQuery({
    queryKey: bookingKeys.choices(communityId),
    queryFn: () => loadProductChoices(communityId),
  });
  const query = useQuery({
    queryKey: bookingKeys.list(communityId, list.state),
    queryFn: () => loadBookingList(list.state, communityId, timeZone),
    placeholderData: keepPreviousData,
    enabled: view === 'list',
  });
  const columns = useMemo<ListColumn<BookingRow>[]>(
    () => [
      {
        id: 'starts_at',
        header: t('list.when'),
        sortable: true,
        hideable: false,
        csv: (b) =>
          `${isoToZonedInput(b.starts_at, timeZone)}–${isoToZonedInput(b.ends_at, timeZone).slice(11)}`,
        cell: (b) => (
          <Link
            className="font-medium underline-offset-4 hover:underline"
            to={localePath(language, `${slug}/booking/${b.id}`)}
          >
            {format.dateTime(b.starts_at)}–{format.time(b.ends_at)}
          </Link>
        ),
      },
      {
        id: 'product',
        header: t('list.product'),
        csv: (b) => b.product?.name ?? '',
        cell: (b) => b.product?.name,
      },
      {
        id: 'member',
        header: t('list.member'),
        csv: (b) => memberName(b.member),
        cell: (b) => memberName(b.member),
      },
      {
        id: 'status',
        header: t('list.status'),
        csv: (b) => t(`status.${b.status}`),
        cell: (b) => (
          <Badge
            tone={b.status === 'cancelled' ? 'danger' : b.status === 'checked_in' ? 'success' : 'accent'}
          >
            {t(`status.${b.status}`)}
          </Badge>
        ),
      },
      {
        id: 'price',
        header: t('list.price'),
        align: 'right',
        csv: (b) => b.price_ore / 100,
        cell: (b) => format.money(b.price_ore),
      },
    ],
    [t, format, language, slug, timeZone],
  );
  const productOptions = (choices.data?.products ?? []).map((p) => ({ value: p.id, label: p.name }));
  const step = (n: number) => list.setFilters({ day: addDaysIso(firstDay, n * days) });

  return (
    <>
      <PageHeader
        title={t('calendar.title')}
        description={live ? t('calendar.descriptionLive') : t('calendar.description')}
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <Link to={localePath(language, `${slug}/booking/products`)}>
                <Settings2 aria-hidden="true" />
                {t('products.title')}
              </Link>
            </Button>
            <Button
              variant="secondary"
              disabled={!choices.data?.products.length}
              onClick={() => setDialog('series')}
            >
              <Repeat aria-hidden="true" />
              {t('series.open')}
            </Button>
            <Button disabled={!choices.data?.products.length} onClick={() => setDialog('book')}>
              <Plus aria-hidden="true" />
              {t('dialog.open')}
            </Button>
          </div>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-label={t('calendar.view')}
          className="inline-flex rounded-md border border-input bg-surface p-0.5"
        >
          {views.map((v) => (
            <button
              key={v}
              type="button"
              role="radio"
              aria-checked={v === view}
              onClick={() => list.setFilters({ view: v === 'week' ? '' : v })}
              className={
                v === view
                  ? 'rounded bg-accent px-3 py-1.5 text-sm font-medium text-accent-foreground'
                  : 'rounded px-3 py-1.5 text-sm hover:bg-muted'
              }
            >
              {t(`calendar.views.${v}`)}
            </button>
          ))}
        </div>
        {view !== 'utilisation' ? (
          <ListSelectFilter
            list={list}
            filter="product"
            label={t('list.product')}
            allLabel={t('calendar.allProducts')}
            options={productOptions}
          />
        ) : null}
        {view === 'week' || view === 'day' ? (
          <>
            <ListSearch
              value={list.state.search}
              onSearch={list.setSearch}
              label={t('list.search')}
              placeholder={t('list.searchPlaceholder')}
            />
            <ListSelectFilter
              list={list}
              filter="status"
              label={t('list.status')}
              allLabel={t('list.allStatuses')}
              options={gridStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </>
        ) : null}
        {view === 'week' || view === 'day' ? (
          <div className="flex items-center gap-1">
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('calendar.previous')}
              onClick={() => step(-1)}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <DateInput
              aria-label={t('calendar.goTo')}
              value={anchor}
              onChange={(day) => {
                if (/^\d{4}-\d{2}-\d{2}$/.test(day)) list.setFilters({ day });
              }}
            />
            <Button variant="ghost" size="icon-sm" aria-label={t('calendar.next')} onClick={() => step(1)}>
              <ChevronRight aria-hidden="true" />
            </Button>
            <Button variant="ghost" onClick={() => list.setFilters({ day: '' })}>
              <CalendarDays aria-hidden="true" />
              {t('calendar.today')}
            </Button>
          </div>
        ) : null}
      </div>
      {view === 'week' || view === 'day' ? (
        <BookingWeekGrid
          communityId={communityId}
          slug={slug}
          timeZone={timeZone}
          firstDay={firstDay}
          days={days}
          productFilter={list.state.filters.product}
          statusFilter={list.state.filters.status}
          memberSearch={list.state.search}
        />
      ) : view === 'list' ? (
        <DataTable
          caption={t('list.caption')}
          list={list}
          query={query}
          columns={columns}
          getRowId={(b) => b.id}
          rowName={(b) => `${b.product?.name ?? ''} ${format.dateTime(b.starts_at)}`}
          storageKey="bookings"
          toolbar={
            <div className="flex flex-wrap gap-2">
              <ListSearch
                value={list.state.search}
                onSearch={list.setSearch}
                label={t('list.search')}
                placeholder={t('list.searchPlaceholder')}
              />
              <ListSelectFilter
                list={list}
                filter="status"
                label={t('list.status')}
                allLabel={t('list.allStatuses')}
                options={bookingStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </div>
          }
          countLabel={(total) => t('list.count', { count: total })}
          empty={{ icon: CalendarDays, title: t('list.emptyTitle'), body: t('list.emptyBody') }}
          exportCsv={{ filename: 'bookings', load: () => loadAllBookings(list.state, communityId, timeZone) }}
        />
      ) : (
        <UtilisationSection communityId={communityId} today={today} />
      )}
      {dialog === 'book' && choices.data ? (
        <NewBookingDialog
          open
          onOpenChange={() => setDialog(undefined)}
          communityId={communityId}
          products={choices.data.products}
          defaultDay={anchor}
        />
      ) : null}
      {dialog === 'series' && choices.data ? (
        <SeasonSeriesDialog
          open
          onOpenChange={() => setDialog(undefined)}
          communityId={communityId}
          products={choices.data.products}
          defaultDay={anchor}
        />
      ) : null}
    </>
  );
}
