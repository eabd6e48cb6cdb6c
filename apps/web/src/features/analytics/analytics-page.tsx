// /analytics: members over time for a chosen date range (a chart with its numbers as a table
// and CSV), and the statutory member counts for a year (CFR and the municipal member grant).
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { commonMessages } from '@club/i18n/namespaces/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Chart } from '../../components/chart/chart';
import { DateRangeInput } from '../../components/date/date-input';
import { Alert } from '../../components/ui/alert';
import { PageHeader } from '../../components/ui/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeAnalyticsError } from './describe-analytics-error';
import { analyticsKeys, loadMembersOverTime } from './load-analytics';
import { MemberCountsReport } from './member-counts-report';

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function AnalyticsPage({ communityId }: { communityId: string }) {
  const t = useT(analyticsMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const language = useLanguage();
  const monthName = new Intl.DateTimeFormat(language === 'da' ? 'da-DK' : 'en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const today = new Date();
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1))),
    to: isoDay(today),
  }));
  const rangeProblem =
    !range.from || !range.to
      ? 'errors.rangeMissing'
      : range.to < range.from
        ? 'errors.invalidRange'
        : undefined;
  const members = useQuery({
    queryKey: analyticsKeys.members(communityId, range.from, range.to),
    queryFn: () => loadMembersOverTime(communityId, range.from, range.to),
    enabled: rangeProblem === undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="space-y-6">
        <section aria-labelledby="members-over-time" className="space-y-3 print:hidden">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="members-over-time" className="text-base font-semibold">
              {t('members.title')}
            </h2>
            <DateRangeInput from={range.from} to={range.to} onChange={setRange} />
          </div>
          {rangeProblem ? (
            <Alert kind="error">{t(rangeProblem)}</Alert>
          ) : members.isError ? (
            <Alert kind="error">{t(describeAnalyticsError(members.error))}</Alert>
          ) : !members.data ? (
            <Skeleton className="h-72 w-full" aria-label={tc('loading')} />
          ) : (
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
          )}
        </section>
        <MemberCountsReport communityId={communityId} thisYear={today.getFullYear()} />
      </div>
    </>
  );
}
