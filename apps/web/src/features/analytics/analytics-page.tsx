// /analytics: the club's development for a chosen date range and club (members over time, age
// and gender, event attendance and revenue, group growth, booking utilisation; each a chart with
// its numbers as a table and CSV), and the yearly reports Danish clubs file: the statutory
// member counts (CFR and the municipal member grant) and the premises-grant hours.
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { commonMessages } from '@club/i18n/namespaces/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Chart } from '../../components/chart/chart';
import { DateRangeInput } from '../../components/date/date-input';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useCommunityToday } from '../../lib/community-time-zone';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import {
  BookingUtilisationChart,
  DemographicsChart,
  EventAttendanceCharts,
  GroupGrowthChart,
} from './analytics-charts';
import { describeAnalyticsError } from './describe-analytics-error';
import { analyticsKeys, loadClubs, loadMembersOverTime, type AnalyticsFilter } from './load-analytics';
import { MemberCountsReport } from './member-counts-report';
import { PremisesReport } from './premises-report';
import { selectClass } from './report-controls';

/** The default range: from the first of this month a year ago to today. */
function lastTwelveMonths(today: string): { from: string; to: string } {
  return { from: `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`, to: today };
}

export function AnalyticsPage({ communityId }: { communityId: string }) {
  const t = useT(analyticsMessages);
  // "Today" is the community's date, so the page waits for its time zone before it picks a range.
  const today = useCommunityToday(communityId);
  if (!today) {
    return (
      <>
        <PageHeader title={t('title')} description={t('description')} />
        <Skeleton className="h-64" />
      </>
    );
  }
  return <AnalyticsContent communityId={communityId} today={today} />;
}

function AnalyticsContent({ communityId, today }: { communityId: string; today: string }) {
  const t = useT(analyticsMessages);
  const clubSelect = useId();
  const thisYear = Number(today.slice(0, 4));
  const [range, setRange] = useState(() => lastTwelveMonths(today));
  const [clubId, setClubId] = useState<string | null>(null);
  const clubs = useQuery({
    queryKey: analyticsKeys.clubs(communityId),
    queryFn: () => loadClubs(communityId),
  });
  const rangeProblem =
    !range.from || !range.to
      ? 'errors.rangeMissing'
      : range.to < range.from
        ? 'errors.invalidRange'
        : undefined;
  const filter: AnalyticsFilter = { communityId, from: range.from, to: range.to, clubId };
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        <section aria-labelledby="analytics-charts" className="space-y-4 print:hidden">
          <h2 id="analytics-charts" className="sr-only">
            {t('charts.heading')}
          </h2>
          <div className="flex flex-wrap items-end gap-3 rounded-lg border border-border bg-surface p-3">
            <DateRangeInput from={range.from} to={range.to} onChange={setRange} />
            {clubs.data && clubs.data.length > 0 ? (
              <div className="space-y-1 text-sm font-medium">
                <label htmlFor={clubSelect} className="block">
                  {t('filters.club')}
                </label>
                <select
                  id={clubSelect}
                  className={selectClass}
                  value={clubId ?? ''}
                  onChange={(e) => setClubId(e.target.value || null)}
                >
                  <option value="">{t('filters.allClubs')}</option>
                  {clubs.data.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
          </div>
          {rangeProblem ? (
            <Alert kind="error">{t(rangeProblem)}</Alert>
          ) : (
            <>
              <MembersOverTimeChart filter={filter} />
              <div className="grid gap-4 lg:grid-cols-2">
                <DemographicsChart filter={filter} />
                <GroupGrowthChart filter={filter} />
              </div>
              <EventAttendanceCharts filter={filter} />
              <BookingUtilisationChart filter={filter} />
            </>
          )}
        </section>
        <MemberCountsReport communityId={communityId} clubId={clubId} today={today} />
        <PremisesReport communityId={communityId} clubId={clubId} thisYear={thisYear} />
      </div>
    </>
  );
}

function MembersOverTimeChart({ filter }: { filter: AnalyticsFilter }) {
  const t = useT(analyticsMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const language = useLanguage();
  const monthName = new Intl.DateTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const members = useQuery({
    queryKey: analyticsKeys.chart('members', filter),
    queryFn: () => loadMembersOverTime(filter),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (members.isError) return <Alert kind="error">{t(describeAnalyticsError(members.error))}</Alert>;
  if (!members.data) return <Skeleton className="h-72 w-full" aria-label={tc('loading')} />;
  return (
    <Chart
      title={t('members.chartTitle')}
      description={t('members.chartBody')}
      filename="members-over-time"
      kind="line"
      x={{ key: 'month', label: t('members.month') }}
      series={[
        { key: 'members', label: t('members.members') },
        { key: 'active', label: t('members.active') },
        { key: 'joined', label: t('members.joined') },
        { key: 'left', label: t('members.left') },
      ]}
      data={members.data.map((row) => ({
        month: monthName.format(new Date(`${row.period_start}T00:00:00Z`)),
        members: Number(row.members),
        active: Number(row.active),
        joined: Number(row.joined),
        left: Number(row.left_count),
      }))}
      formatValue={(v) => format.number(v)}
    />
  );
}
