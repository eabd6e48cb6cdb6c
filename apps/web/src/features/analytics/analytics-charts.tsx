// The charts of /analytics below members over time, all for the page's date range and club:
// the age and gender distribution at the range's end, event attendance and ticket revenue per
// month, group growth over the range, and booking utilisation per product. Each is a kit Chart,
// so each has its numbers as a table and a CSV file.
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { commonMessages } from '@club/i18n/namespaces/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Chart } from '../../components/chart/chart';
import { Alert } from '../../components/ui/alert';
import { Skeleton } from '../../components/ui/skeleton';
import { useCommunityTimeZone } from '../../lib/community-time-zone';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeAnalyticsError } from './describe-analytics-error';
import {
  analyticsKeys,
  loadBookingUtilisation,
  loadDemographics,
  loadEventAttendance,
  loadGroupGrowth,
  type AnalyticsFilter,
} from './load-analytics';

const ageBands = ['0-12', '13-18', '19-24', '25-59', '60+', 'unknown'] as const;
const genders = ['female', 'male', 'other', 'unknown'] as const;

function useChartQuery<T>(name: string, filter: AnalyticsFilter, load: (f: AnalyticsFilter) => Promise<T>) {
  return useQuery({
    queryKey: analyticsKeys.chart(name, filter),
    queryFn: () => load(filter),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Loading, error and empty states around a chart. */
function ChartState({
  query,
  empty,
  emptyText,
  children,
}: {
  query: { isError: boolean; error: unknown; data: unknown };
  empty: boolean;
  emptyText: string;
  children: () => ReactNode;
}) {
  const t = useT(analyticsMessages);
  const tc = useT(commonMessages);
  if (query.isError) return <Alert kind="error">{t(describeAnalyticsError(query.error))}</Alert>;
  if (!query.data) return <Skeleton className="h-72 w-full" aria-label={tc('loading')} />;
  if (empty) return <p className="rounded-lg border border-border bg-surface p-4 text-sm">{emptyText}</p>;
  return <>{children()}</>;
}

export function DemographicsChart({ filter }: { filter: AnalyticsFilter }) {
  const t = useT(analyticsMessages);
  const format = useFormat();
  const query = useChartQuery('demographics', filter, loadDemographics);
  const rows = query.data ?? [];
  const data = ageBands.map((band) => {
    const row: Record<string, string | number> = { band: band === 'unknown' ? t('counts.ageUnknown') : band };
    for (const g of genders)
      row[g] = rows
        .filter((r) => r.age_band === band && r.gender === g)
        .reduce((n, r) => n + Number(r.members), 0);
    return row;
  });
  return (
    <ChartState query={query} empty={rows.length === 0} emptyText={t('charts.noMembers')}>
      {() => (
        <Chart
          title={t('charts.demographicsTitle')}
          description={t('charts.demographicsBody', { day: format.date(filter.to) })}
          filename="members-by-age-and-gender"
          kind="bar"
          x={{ key: 'band', label: t('counts.ageBand') }}
          series={genders.map((g) => ({ key: g, label: t(`counts.gender.${g}`) }))}
          data={data}
          formatValue={(v) => format.number(v)}
        />
      )}
    </ChartState>
  );
}

export function EventAttendanceCharts({ filter }: { filter: AnalyticsFilter }) {
  const t = useT(analyticsMessages);
  const format = useFormat();
  const language = useLanguage();
  const timeZone = useCommunityTimeZone(filter.communityId);
  const query = useChartQuery('events', filter, loadEventAttendance);
  const month = new Intl.DateTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone,
  });
  const byMonth = new Map<
    string,
    { month: string; events: number; sold: number; checkedIn: number; revenue: number }
  >();
  for (const row of query.data ?? []) {
    const label = month.format(new Date(row.starts_at));
    const entry = byMonth.get(label) ?? { month: label, events: 0, sold: 0, checkedIn: 0, revenue: 0 };
    entry.events += 1;
    entry.sold += Number(row.tickets_sold);
    entry.checkedIn += Number(row.checked_in);
    entry.revenue += Number(row.revenue_ore);
    byMonth.set(label, entry);
  }
  const data = [...byMonth.values()];
  return (
    <ChartState query={query} empty={data.length === 0} emptyText={t('charts.noEvents')}>
      {() => (
        <div className="grid gap-4 lg:grid-cols-2">
          <Chart
            title={t('charts.attendanceTitle')}
            description={t('charts.attendanceBody')}
            filename="event-attendance"
            kind="bar"
            x={{ key: 'month', label: t('members.month') }}
            series={[
              { key: 'events', label: t('charts.events') },
              { key: 'sold', label: t('charts.ticketsSold') },
              { key: 'checkedIn', label: t('charts.checkedIn') },
            ]}
            data={data}
            formatValue={(v) => format.number(v)}
          />
          <Chart
            title={t('charts.revenueTitle')}
            description={t('charts.revenueBody')}
            filename="ticket-revenue"
            kind="bar"
            x={{ key: 'month', label: t('members.month') }}
            series={[{ key: 'revenue', label: t('charts.revenue') }]}
            data={data}
            formatValue={(v) => format.money(v)}
          />
        </div>
      )}
    </ChartState>
  );
}

export function GroupGrowthChart({ filter }: { filter: AnalyticsFilter }) {
  const t = useT(analyticsMessages);
  const format = useFormat();
  const query = useChartQuery('groups', filter, loadGroupGrowth);
  const rows = query.data ?? [];
  const last = rows.at(-1)?.period_start;
  const byGroup = new Map<string, { group: string; end: number; joined: number }>();
  for (const row of rows) {
    const entry = byGroup.get(row.group_id) ?? { group: row.title, end: 0, joined: 0 };
    if (row.period_start === last) entry.end = Number(row.members);
    entry.joined += Number(row.joined);
    byGroup.set(row.group_id, entry);
  }
  const data = [...byGroup.values()].sort((a, b) => b.end - a.end || a.group.localeCompare(b.group));
  return (
    <ChartState query={query} empty={data.length === 0} emptyText={t('charts.noGroups')}>
      {() => (
        <Chart
          title={t('charts.groupsTitle')}
          description={t('charts.groupsBody')}
          filename="group-growth"
          kind="bar"
          x={{ key: 'group', label: t('charts.group') }}
          series={[
            { key: 'end', label: t('charts.atEnd') },
            { key: 'joined', label: t('charts.joined') },
          ]}
          data={data}
          formatValue={(v) => format.number(v)}
        />
      )}
    </ChartState>
  );
}

export function BookingUtilisationChart({ filter }: { filter: AnalyticsFilter }) {
  const t = useT(analyticsMessages);
  const format = useFormat();
  const query = useChartQuery('booking', filter, loadBookingUtilisation);
  const data = (query.data ?? []).map((row) => ({
    product: row.name,
    utilisation: row.utilisation === null ? 0 : Math.round(Number(row.utilisation) * 1000) / 10,
  }));
  return (
    <ChartState query={query} empty={data.length === 0} emptyText={t('charts.noProducts')}>
      {() => (
        <Chart
          title={t('charts.bookingTitle')}
          description={t('charts.bookingBody')}
          filename="booking-utilisation"
          kind="bar"
          x={{ key: 'product', label: t('charts.product') }}
          series={[{ key: 'utilisation', label: t('charts.utilisation') }]}
          data={data}
          formatValue={(v) => `${format.number(v, 1)} %`}
        />
      )}
    </ChartState>
  );
}
