// One booking (/booking/{id}): who, what, when, price, the requirements met when it was made,
// whether contact details are shared; check in and cancel, each confirmed — cancelling inside
// the product's cancellation deadline says that the price stays due; a date of a season
// series can be cancelled alone or with the rest of the series. Another community's booking
// (or none) is the not-found view.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, LogIn } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '../../components/list/list-states';
import { Badge } from '../../components/ui/badge';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast-store';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import { isoToZonedDate } from '../../lib/zoned-time';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { bookingKeys } from './booking-keys';
import { memberName, type Requirement } from './booking-records';
import { bookingErrorCode } from './describe-booking-error';
import { FeedLinkCard } from './feed-link-card';
import { loadBooking } from './load-bookings';
import { RequirementList } from './requirement-list';
import { cancelBooking, checkIn } from './save-booking';
import { formatPhone } from '../../lib/phone';

export function BookingDetailPage({
  communityId,
  slug,
  bookingId,
}: {
  communityId: string;
  slug: string;
  bookingId: string;
}) {
  const t = useT(bookingMessages);
  const language = useLanguage();
  const timeZone = useCommunityTimeZone(communityId) ?? 'Europe/Copenhagen';
  const format = useFormat(timeZone);
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<'check_in' | 'cancel'>();
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const query = useQuery({
    queryKey: bookingKeys.detail(communityId, bookingId),
    queryFn: () => loadBooking(bookingId),
  });
  const calendar = localePath(language, `${slug}/booking`);
  if (query.isError) return <ListLoadError onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton className="h-96 w-full" />;
  const b = query.data;
  if (!b || b.community_id !== communityId)
    return (
      <>
        <PageHeader title={t('detail.notFound')} />
        <p className="text-sm">
          {t('detail.notFoundBody')}{' '}
          <Link className="underline" to={calendar}>
            {t('detail.backToCalendar')}
          </Link>
        </p>
      </>
    );
  const product = b.product?.name ?? '';
  const who = memberName(b.member);
  const hoursLeft = (Date.parse(b.starts_at) - Date.now()) / 3600000;
  const late = hoursLeft < (b.product?.cancel_deadline_hours ?? 0);
  const when = `${format.dateTime(b.starts_at)}–${format.time(b.ends_at)}`;
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingKeys.all(communityId) });
  const fail = (error: unknown) => {
    toast({ variant: 'destructive', title: t(`errors.${bookingErrorCode(error)}`) });
    throw error;
  };
  const rows: [string, React.ReactNode][] = [
    [t('detail.member'), who],
    [t('detail.product'), product],
    [t('detail.when'), when],
    [t('detail.price'), b.price_ore > 0 ? format.money(b.price_ore) : t('price.none')],
    [
      t('detail.contact'),
      b.contact_shared
        ? [b.member?.email, formatPhone(b.member?.phone)].filter(Boolean).join(' · ') || t('detail.shared')
        : t('detail.notShared'),
    ],
    [t('detail.note'), b.note ?? '—'],
  ];
  if (b.status === 'cancelled')
    rows.push([
      t('detail.cancelledAt'),
      `${format.dateTime(b.cancelled_at ?? b.created_at)} · ${b.cancel_reason === 'product_deleted' ? t('detail.reasonDeleted') : b.late_cancellation ? t('detail.lateCancel', { price: format.money(b.price_ore) }) : t('detail.freeCancel')}`,
    ]);
  if (b.checked_in_at) rows.push([t('detail.checkedInAt'), format.dateTime(b.checked_in_at)]);
  return (
    <>
      <PageHeader
        title={t('detail.title', { product, when: format.date(b.starts_at) })}
        documentTitle={`${product} ${format.date(b.starts_at)}`}
        breadcrumbs={
          <Breadcrumbs
            slug={slug}
            links={[{ label: t('calendar.title'), path: 'booking' }]}
            current={product}
          />
        }
        action={
          b.status === 'booked' ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setConfirm('check_in')}>
                <LogIn aria-hidden="true" />
                {t('detail.checkIn')}
              </Button>
              <Button variant="secondary" onClick={() => setConfirm('cancel')}>
                <Ban aria-hidden="true" />
                {t('detail.cancel')}
              </Button>
            </div>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title={t('detail.booking')}
            description={
              <Badge
                tone={b.status === 'cancelled' ? 'danger' : b.status === 'checked_in' ? 'success' : 'accent'}
              >
                {t(`status.${b.status}`)}
              </Badge>
            }
          />
          <CardBody>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </CardBody>
        </Card>
        <Card>
          <CardHeader title={t('detail.requirements')} description={t('detail.requirementsHelp')} />
          <CardBody>
            <RequirementList
              requirements={b.requirements as unknown as Requirement[]}
              day={isoToZonedDate(b.starts_at, timeZone)}
            />
          </CardBody>
        </Card>
        <FeedLinkCard target={{ memberId: b.member_id }} />
      </div>
      <ConfirmDialog
        open={confirm === 'check_in'}
        onOpenChange={(open) => setConfirm(open ? 'check_in' : undefined)}
        title={t('detail.checkInTitle', { name: who, product })}
        description={t('detail.checkInBody', { when })}
        confirmLabel={t('detail.checkIn')}
        destructive={false}
        onConfirm={async () => {
          try {
            await checkIn(b.id);
            toast({ title: t('detail.checkedIn', { name: who }) });
            await refresh();
          } catch (error) {
            fail(error);
          }
        }}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        onOpenChange={(open) => setConfirm(open ? 'cancel' : undefined)}
        title={t('detail.cancelTitle', { name: who, product })}
        description={
          late && b.price_ore > 0
            ? t('detail.cancelLate', {
                price: format.money(b.price_ore),
                hours: b.product?.cancel_deadline_hours ?? 0,
              })
            : t('detail.cancelFree')
        }
        confirmLabel={t('detail.cancelConfirm')}
        onConfirm={async () => {
          try {
            const outcome = await cancelBooking(b.id, b.series_id ? scope : 'this');
            toast({ title: t('detail.cancelled', { count: outcome.cancelled }) });
            await refresh();
          } catch (error) {
            fail(error);
          }
        }}
      >
        {b.series_id ? (
          <fieldset className="space-y-1 text-sm">
            <legend className="font-medium">{t('detail.seriesScope')}</legend>
            {(['this', 'following'] as const).map((s) => (
              <label key={s} className="flex items-center gap-2">
                <input type="radio" name="scope" checked={scope === s} onChange={() => setScope(s)} />
                {t(`detail.scope.${s}`)}
              </label>
            ))}
          </fieldset>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
