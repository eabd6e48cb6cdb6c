// Premises grants (lokaletilskud, decision 0942): the hours booked per product in a year, split
// by the booker's age on the booked day (under 25, 25 and over, not given), with the bookings
// behind them, a CSV for Excel and a printable page. The municipality's own form asks for
// these hours; the club fills in its costs itself.
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { commonMessages } from '@club/i18n/namespaces/common';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { downloadText, toCsv } from '../../components/list/csv';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeAnalyticsError } from './describe-analytics-error';
import {
  analyticsKeys,
  loadPremisesDetail,
  loadPremisesHours,
  loadReportPdf,
  type PremisesRow,
} from './load-analytics';
import { ReportActions, YearSelect } from './report-controls';

const hourColumns = ['hours', 'under25_hours', 'over25_hours', 'unknown_age_hours'] as const;

export function PremisesReport({
  communityId,
  clubId,
  thisYear,
}: {
  communityId: string;
  clubId: string | null;
  thisYear: number;
}) {
  const t = useT(analyticsMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const language = useLanguage();
  const [year, setYear] = useState(thisYear - 1);
  const [showBookings, setShowBookings] = useState(false);
  const report = useQuery({
    queryKey: analyticsKeys.premises(communityId, year, clubId),
    queryFn: () => loadPremisesHours(communityId, year, clubId),
    retry: false,
  });
  const detail = useQuery({
    queryKey: [...analyticsKeys.premises(communityId, year, clubId), 'detail'],
    queryFn: () => loadPremisesDetail(communityId, year, clubId),
    enabled: showBookings,
    retry: false,
  });
  const rows = report.data ?? [];
  const hours = (v: number | string) => format.number(Number(v), 2);
  const sum = (key: (typeof hourColumns)[number]) => rows.reduce((n, r) => n + Number(r[key]), 0);
  const download = () =>
    downloadText(
      `lokaletilskud-${year}.csv`,
      toCsv(
        rows,
        [
          { header: t('premises.product'), value: (r: PremisesRow) => r.product },
          { header: t('premises.bookings'), value: (r: PremisesRow) => Number(r.bookings) },
          ...hourColumns.map((c) => ({
            header: t(`premises.${c}`),
            value: (r: PremisesRow) => Number(r[c]),
          })),
        ],
        'excel',
      ),
    );
  return (
    <Card aria-labelledby="premises-hours" className="print:border-0">
      <CardHeader id="premises-hours" title={t('premises.title')} description={t('premises.description')} />
      <CardBody>
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <YearSelect thisYear={thisYear} value={year} onChange={setYear} />
          <ReportActions
            onDownload={download}
            pdf={{
              make: () => loadReportPdf(communityId, 'premises', year, clubId, language),
              fileName: `lokaletilskud-${year}.pdf`,
              year,
            }}
            disabled={rows.length === 0}
          />
        </div>
        <p className="text-sm text-muted-foreground">{t('premises.rules')}</p>
        {report.isError ? (
          <Alert kind="error">{t(describeAnalyticsError(report.error), { year })}</Alert>
        ) : !report.data ? (
          <Skeleton className="h-32 w-full" aria-label={tc('loading')} />
        ) : rows.length === 0 ? (
          <p className="text-sm">{t('premises.none', { year })}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="mb-2 text-left font-semibold">{t('premises.caption', { year })}</caption>
              <thead className="border-b border-border text-left">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('premises.product')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 text-right font-medium">
                    {t('premises.bookings')}
                  </th>
                  {hourColumns.map((c) => (
                    <th key={c} scope="col" className="px-2 py-1.5 text-right font-medium">
                      {t(`premises.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.product_id} className="border-b border-border last:border-0">
                    <th scope="row" className="px-2 py-1.5 text-left font-normal">
                      {r.product}
                    </th>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {format.number(Number(r.bookings))}
                    </td>
                    {hourColumns.map((c) => (
                      <td key={c} className="px-2 py-1.5 text-right tabular-nums">
                        {hours(r[c])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-border">
                  <th scope="row" className="px-2 py-1.5 text-left">
                    {t('counts.total')}
                  </th>
                  <td className="px-2 py-1.5 text-right font-semibold tabular-nums">
                    {format.number(rows.reduce((n, r) => n + Number(r.bookings), 0))}
                  </td>
                  {hourColumns.map((c) => (
                    <td key={c} className="px-2 py-1.5 text-right font-semibold tabular-nums">
                      {hours(sum(c))}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3 print:hidden"
              onClick={() => setShowBookings((v) => !v)}
            >
              <Users aria-hidden="true" />
              {showBookings ? t('premises.hideBookings') : t('premises.showBookings')}
            </Button>
            {showBookings ? (
              !detail.data ? (
                <Skeleton className="mt-3 h-24 w-full" aria-label={tc('loading')} />
              ) : (
                <table className="mt-3 w-full text-sm">
                  <caption className="mb-2 text-left font-semibold">{t('premises.bookingsCaption')}</caption>
                  <thead className="border-b border-border text-left">
                    <tr>
                      {(['day', 'product', 'name', 'age', 'hours'] as const).map((c) => (
                        <th key={c} scope="col" className="px-2 py-1.5 font-medium">
                          {t(`premises.columns.${c}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {detail.data.map((row) => (
                      <tr key={row.booking_id} className="border-b border-border last:border-0">
                        <td className="px-2 py-1.5 tabular-nums">{format.date(row.day)}</td>
                        <td className="px-2 py-1.5">{row.product}</td>
                        <th scope="row" className="px-2 py-1.5 text-left font-normal">
                          {row.first_name} {row.last_name}
                        </th>
                        <td className="px-2 py-1.5 tabular-nums">{row.age ?? t('counts.ageUnknown')}</td>
                        <td className="px-2 py-1.5 tabular-nums">{hours(row.hours)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )
            ) : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
