// The calendar: one column per product and one row per day (a week, or one day), each cell
// listing its bookings (time, member, status, linked to the booking) and the free time left.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListLoadError } from '../../components/list/list-states';
import { Skeleton } from '../../components/ui/skeleton';
import { formatTimeInput } from '../../lib/date-input';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { isoToZonedInput, zonedDayStartIso } from '../../lib/zoned-time';
import { bookingKeys } from './booking-keys';
import { addDaysIso, freePeriods } from './free-time';
import { loadBookingsBetween, loadOpeningHours } from './load-bookings';

export function BookingWeekGrid({
  communityId,
  slug,
  timeZone,
  firstDay,
  days,
  productFilter,
  statusFilter,
  memberSearch,
}: {
  communityId: string;
  slug: string;
  timeZone: string;
  firstDay: string;
  days: number;
  productFilter: string;
  /** Only bookings in this status are listed (free time still counts every booking). */
  statusFilter: string;
  /** Only bookings of members whose name contains this are listed. */
  memberSearch: string;
}) {
  const t = useT(bookingMessages);
  const format = useFormat(timeZone);
  const language = useLanguage();
  const products = useQuery({
    queryKey: bookingKeys.choices(communityId).concat('hours'),
    queryFn: () => loadOpeningHours(communityId),
  });
  const bookings = useQuery({
    queryKey: bookingKeys.week(communityId, firstDay, days),
    queryFn: () =>
      loadBookingsBetween(
        communityId,
        zonedDayStartIso(firstDay, timeZone)!,
        zonedDayStartIso(addDaysIso(firstDay, days), timeZone)!,
      ),
  });
  if (products.isError || bookings.isError)
    return <ListLoadError onRetry={() => void Promise.all([products.refetch(), bookings.refetch()])} />;
  if (!products.data || !bookings.data) return <Skeleton className="h-80 w-full" />;
  const shown = products.data.filter((p) => !productFilter || p.id === productFilter);
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">{t('calendar.noProducts')}</p>;
  const search = memberSearch.trim().toLocaleLowerCase();
  const listed = (b: { status: string; member_name: string }) =>
    (statusFilter !== 'booked' && statusFilter !== 'checked_in' ? true : b.status === statusFilter) &&
    (!search || b.member_name.toLocaleLowerCase().includes(search));
  // Wall-clock "18:00" written as the rest of the app writes times: 18.00 on Danish pages.
  const clock = (time: string) => formatTimeInput(time.slice(0, 5), language);
  const dayList = Array.from({ length: days }, (_, i) => addDaysIso(firstDay, i));
  const local = bookings.data.map((b) => ({
    ...b,
    day: isoToZonedInput(b.starts_at, timeZone).slice(0, 10),
    from: isoToZonedInput(b.starts_at, timeZone).slice(11),
    to: isoToZonedInput(b.ends_at, timeZone).slice(11),
  }));
  return (
    <div className="overflow-x-auto rounded-md border border-border">
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{t('calendar.caption')}</caption>
        <thead>
          <tr className="bg-muted/50">
            <th scope="col" className="w-28 p-2 text-left font-medium">
              {t('calendar.day')}
            </th>
            {shown.map((p) => (
              <th key={p.id} scope="col" className="p-2 text-left font-medium">
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dayList.map((day) => (
            <tr key={day} className="border-t border-border align-top">
              <th scope="row" className="p-2 text-left font-medium">
                {format.date(`${day}T12:00:00Z`, 'medium')}
              </th>
              {shown.map((p) => {
                const here = local.filter((b) => b.product_id === p.id && b.day === day);
                const free = freePeriods(day, p.product_availability, p.capacity, here);
                return (
                  <td key={p.id} className="space-y-1 p-2">
                    {here.filter(listed).map((b) => (
                      <Link
                        key={b.id}
                        to={localePath(language, `${slug}/booking/${b.id}`)}
                        className="block rounded border border-border bg-accent/40 px-2 py-1 hover:bg-accent"
                      >
                        <span className="font-medium">
                          {clock(b.from)}–{clock(b.to)}
                        </span>{' '}
                        {b.member_name}
                        {b.status === 'checked_in' ? (
                          <span className="ml-1 text-xs">({t('status.checked_in')})</span>
                        ) : null}
                      </Link>
                    ))}
                    {free.length ? (
                      <p className="text-xs text-emerald-700 dark:text-emerald-300">
                        {t('calendar.free', {
                          periods: free.map((f) => `${clock(f.from)}–${clock(f.to)}`).join(', '),
                        })}
                      </p>
                    ) : (
                      <p className="text-xs text-muted-foreground">
                        {here.length ? t('calendar.full') : t('calendar.closed')}
                      </p>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
