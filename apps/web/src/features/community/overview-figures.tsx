// The overview's figure cards and lists, one per area the user administers: members and this
// month's change, money owed and overdue, today's bookings, upcoming events with tickets sold of
// capacity (also as a chart with its table), and recent and scheduled news.
import { shellMessages } from '@club/i18n/namespaces/shell';
import { Link } from 'react-router';
import { Chart } from '../../components/chart/chart';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { localePath, useFormat, useLanguage, useT } from '../../lib/i18n';
import type { OverviewFigures } from './load-overview';

function Figure({ label, value, note, to }: { label: string; value: string; note?: string; to: string }) {
  return (
    <Link
      to={to}
      className="block rounded-lg border border-border bg-surface p-4 transition-colors hover:border-accent"
    >
      <span className="block text-sm text-muted-foreground">{label}</span>
      <span className="mt-1 block text-2xl font-semibold tabular-nums">{value}</span>
      {note ? <span className="mt-0.5 block text-sm text-muted-foreground">{note}</span> : null}
    </Link>
  );
}

export function OverviewFigureCards({ slug, figures }: { slug: string; figures: OverviewFigures }) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const format = useFormat(figures.time_zone);
  const path = (p: string) => localePath(language, `${slug}/${p}`);
  const { members, billing, booking } = figures;
  if (!members && !billing && !booking) return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {members ? (
        <Figure
          label={t('overview.figures.members')}
          value={format.number(members.count)}
          note={t('overview.figures.membersChange', {
            joined: format.number(members.joined_this_month),
            left: format.number(members.left_this_month),
          })}
          to={path('members')}
        />
      ) : null}
      {billing ? (
        <>
          <Figure
            label={t('overview.figures.outstanding')}
            value={format.money(billing.outstanding.ore, billing.currency)}
            note={t('overview.figures.invoices', { count: billing.outstanding.count })}
            to={path('billing/invoices')}
          />
          <Figure
            label={t('overview.figures.overdue')}
            value={format.money(billing.overdue.ore, billing.currency)}
            note={t('overview.figures.invoices', { count: billing.overdue.count })}
            to={path('billing/invoices?status=overdue')}
          />
        </>
      ) : null}
      {booking ? (
        <Figure
          label={t('overview.figures.bookingsToday')}
          value={format.number(booking.today)}
          to={path('booking')}
        />
      ) : null}
    </div>
  );
}

export function OverviewEvents({ slug, figures }: { slug: string; figures: OverviewFigures }) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const format = useFormat(figures.time_zone);
  const events = figures.events;
  if (!events) return null;
  return (
    <Card aria-labelledby="overview-events">
      <CardHeader id="overview-events" title={t('overview.events.title')} />
      <CardBody>
        {events.upcoming.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('overview.events.none')}</p>
        ) : (
          <>
            <ul className="divide-y divide-border text-sm">
              {events.upcoming.map((e) => (
                <li key={e.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                  <Link
                    to={localePath(language, `${slug}/events/${e.id}`)}
                    className="mr-auto font-medium hover:underline"
                  >
                    {e.title}
                  </Link>
                  <span className="text-muted-foreground">{format.dateTime(e.starts_at)}</span>
                  <span className="tabular-nums">
                    {e.capacity === null
                      ? t('overview.events.soldNoLimit', { sold: format.number(e.sold) })
                      : t('overview.events.sold', {
                          sold: format.number(e.sold),
                          capacity: format.number(e.capacity),
                        })}
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-4">
              <Chart
                title={t('overview.events.chartTitle')}
                description={t('overview.events.chartBody')}
                filename="upcoming-ticket-sales"
                kind="bar"
                height={220}
                x={{ key: 'event', label: t('overview.events.event') }}
                series={[
                  { key: 'sold', label: t('overview.events.soldLabel') },
                  { key: 'free', label: t('overview.events.freeLabel') },
                ]}
                data={events.upcoming.map((e) => ({
                  event: `${e.title} ${format.date(e.starts_at)}`,
                  sold: e.sold,
                  free: e.capacity === null ? 0 : Math.max(e.capacity - e.sold, 0),
                }))}
                formatValue={(v) => format.number(v)}
              />
            </div>
          </>
        )}
      </CardBody>
    </Card>
  );
}

export function OverviewNews({ slug, figures }: { slug: string; figures: OverviewFigures }) {
  const t = useT(shellMessages);
  const language = useLanguage();
  const format = useFormat(figures.time_zone);
  const news = figures.news;
  if (!news) return null;
  return (
    <Card aria-labelledby="overview-news">
      <CardHeader id="overview-news" title={t('overview.news.title')} />
      <CardBody>
        {news.recent.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('overview.news.none')}</p>
        ) : (
          <ul className="divide-y divide-border text-sm">
            {news.recent.map((post) => (
              <li key={post.id} className="flex flex-wrap items-baseline gap-x-3 py-2">
                <Link
                  to={localePath(language, `${slug}/news/${post.id}`)}
                  className="mr-auto font-medium hover:underline"
                >
                  {post.title}
                </Link>
                <span className="text-muted-foreground">
                  {post.status === 'scheduled' && post.release_at
                    ? t('overview.news.scheduledFor', { when: format.dateTime(post.release_at) })
                    : t('overview.news.published', {
                        when: format.relative(post.published_at ?? post.release_at ?? figures.today),
                      })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
