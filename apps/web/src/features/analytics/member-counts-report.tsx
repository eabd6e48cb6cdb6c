// The statutory member counts (decision 0941): the CFR count (medlemstal.dk) or the municipal
// member grant (ages 0–24) for a year, per activity, age band and gender, with the members
// behind the numbers, a CSV for Excel and a printable page.
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { commonMessages } from '@club/i18n/namespaces/common';
import { pivotMemberCounts, reportGenders, type MemberCountPivotRow } from '@club/schemas';
import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { downloadText, toCsv } from '../../components/list/csv';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useLanguage, useT } from '../../lib/i18n';
import { describeAnalyticsError } from './describe-analytics-error';
import {
  analyticsKeys,
  loadMemberCountDetail,
  loadMemberCounts,
  loadReportPdf,
  type ReportKind,
} from './load-analytics';
import { MemberCountDetail } from './member-count-detail';
import { reportingYear, ReportActions, selectClass, YearSelect } from './report-controls';

const genders = reportGenders;
type PivotRow = MemberCountPivotRow;

export function MemberCountsReport({
  communityId,
  clubId,
  today,
}: {
  communityId: string;
  clubId: string | null;
  /** The community's date today (YYYY-MM-DD): it decides the year the report opens on. */
  today: string;
}) {
  const t = useT(analyticsMessages);
  const tc = useT(commonMessages);
  const format = useFormat();
  const language = useLanguage();
  const thisYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(() => reportingYear(today));
  const [kind, setKind] = useState<ReportKind>('cfr');
  const [showMembers, setShowMembers] = useState(false);
  const ids = useId();
  const counts = useQuery({
    queryKey: analyticsKeys.counts(communityId, year, kind, clubId),
    queryFn: () => loadMemberCounts(communityId, year, kind, clubId),
    retry: false,
  });
  const rows = pivotMemberCounts(counts.data ?? []);
  const total = rows.reduce((sum, r) => sum + r.total, 0);
  const title = kind === 'cfr' ? t('counts.cfrTitle', { year }) : t('counts.grantTitle', { year });
  const download = () =>
    downloadText(
      `${kind === 'cfr' ? 'cfr' : 'medlemstilskud'}-${year}.csv`,
      toCsv(
        rows,
        [
          { header: t('counts.activity'), value: (r) => r.activity },
          { header: t('counts.ageBand'), value: (r) => r.ageBand },
          ...genders.map((g) => ({ header: t(`counts.gender.${g}`), value: (r: PivotRow) => r.counts[g] })),
          { header: t('counts.total'), value: (r) => r.total },
        ],
        'excel',
      ),
    );
  return (
    <Card aria-labelledby="member-counts" className="print:border-0">
      <CardHeader id="member-counts" title={t('counts.title')} description={t('counts.window')} />
      <CardBody>
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <YearSelect thisYear={thisYear} value={year} onChange={setYear} />
          <div className="space-y-1 text-sm font-medium">
            <label htmlFor={`${ids}-kind`} className="block">
              {t('counts.kind')}
            </label>
            <select
              id={`${ids}-kind`}
              className={selectClass}
              value={kind}
              onChange={(e) => setKind(e.target.value as ReportKind)}
            >
              <option value="cfr">{t('counts.kinds.cfr')}</option>
              <option value="grant">{t('counts.kinds.grant')}</option>
            </select>
          </div>
          <ReportActions
            onDownload={download}
            pdf={{
              make: () => loadReportPdf(communityId, kind, year, clubId, language),
              fileName: `${kind === 'cfr' ? 'cfr' : 'medlemstilskud'}-${year}.pdf`,
              year,
            }}
            disabled={rows.length === 0}
          />
        </div>
        <p className="text-sm text-muted-foreground">{t(`counts.rules.${kind}`)}</p>
        {counts.isError ? (
          <Alert kind="error">{t(describeAnalyticsError(counts.error), { year })}</Alert>
        ) : !counts.data ? (
          <Skeleton className="h-40 w-full" aria-label={tc('loading')} />
        ) : rows.length === 0 ? (
          <p className="text-sm">{t('counts.none', { year })}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="mb-2 text-left font-semibold">{title}</caption>
              <thead className="border-b border-border text-left">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('counts.activity')}
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-medium">
                    {t('counts.ageBand')}
                  </th>
                  {genders.map((g) => (
                    <th key={g} scope="col" className="px-2 py-1.5 text-right font-medium">
                      {t(`counts.gender.${g}`)}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1.5 text-right font-medium">
                    {t('counts.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.activity}-${r.ageBand}`} className="border-b border-border last:border-0">
                    <th scope="row" className="px-2 py-1.5 text-left font-normal">
                      {r.activity}
                    </th>
                    <td className="px-2 py-1.5">
                      {r.ageBand === 'unknown' ? t('counts.ageUnknown') : r.ageBand}
                    </td>
                    {genders.map((g) => (
                      <td key={g} className="px-2 py-1.5 text-right tabular-nums">
                        {format.number(r.counts[g])}
                      </td>
                    ))}
                    <td className="px-2 py-1.5 text-right font-medium tabular-nums">
                      {format.number(r.total)}
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-border">
                  <th scope="row" colSpan={6} className="px-2 py-1.5 text-left">
                    {t('counts.total')}
                  </th>
                  <td className="px-2 py-1.5 text-right font-semibold tabular-nums">
                    {format.number(total)}
                  </td>
                </tr>
              </tfoot>
            </table>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3 print:hidden"
              onClick={() => setShowMembers((v) => !v)}
            >
              <Users aria-hidden="true" />
              {showMembers ? t('counts.hideMembers') : t('counts.showMembers')}
            </Button>
            {showMembers ? (
              <MemberCountDetail
                load={() => loadMemberCountDetail(communityId, year, kind, clubId)}
                queryKey={[...analyticsKeys.counts(communityId, year, kind, clubId), 'detail']}
              />
            ) : null}
          </div>
        )}
      </CardBody>
    </Card>
  );
}
