// Utilisation for premises grants (lokaletilskud): hours booked per product per week or
// month and the hours of members under 25, as a table and a CSV export.
import { bookingMessages } from '@club/i18n/namespaces/booking';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { DateRangeInput } from '../../components/date/date-input';
import { downloadText, toCsv } from '../../components/list/csv';
import { ListLoadError } from '../../components/list/list-states';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useFormat, useT } from '../../lib/i18n';
import { bookingKeys } from './booking-keys';
import { addDaysIso } from './free-time';
import { loadUtilisation } from './load-bookings';

const fieldClass = 'h-9 rounded-md border border-input bg-surface px-2 text-sm';

export function UtilisationSection({ communityId, today }: { communityId: string; today: string }) {
  const t = useT(bookingMessages);
  const format = useFormat();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [bucket, setBucket] = useState<'week' | 'month'>('month');
  const valid =
    /^\d{4}-\d{2}-\d{2}$/.test(from) &&
    /^\d{4}-\d{2}-\d{2}$/.test(to) &&
    from <= to &&
    to <= addDaysIso(from, 3660);
  const query = useQuery({
    queryKey: bookingKeys.utilisation(communityId, { from, to, bucket }),
    queryFn: () => loadUtilisation(communityId, from, to, bucket),
    enabled: valid,
  });
  const rows = (query.data ?? []).filter((r) => Number(r.booked_hours) > 0);
  const columns = [
    { header: t('utilisation.period'), value: (r: (typeof rows)[number]) => r.period_start },
    { header: t('utilisation.product'), value: (r: (typeof rows)[number]) => r.name },
    { header: t('utilisation.bookings'), value: (r: (typeof rows)[number]) => r.bookings },
    {
      header: t('utilisation.hours'),
      value: (r: (typeof rows)[number]) => format.number(Number(r.booked_hours), 2),
    },
    {
      header: t('utilisation.under25'),
      value: (r: (typeof rows)[number]) => format.number(Number(r.under25_hours), 2),
    },
  ];
  return (
    <section className="space-y-3" aria-labelledby="utilisation-title">
      <h2 id="utilisation-title" className="text-lg font-semibold">
        {t('utilisation.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('utilisation.description')}</p>
      <div className="flex flex-wrap items-end gap-2">
        <DateRangeInput
          from={from}
          to={to}
          onChange={(range) => {
            setFrom(range.from);
            setTo(range.to);
          }}
        />
        <label className="flex flex-col text-xs text-muted-foreground">
          {t('utilisation.bucket')}
          <select
            className={fieldClass}
            value={bucket}
            onChange={(e) => setBucket(e.target.value === 'week' ? 'week' : 'month')}
          >
            <option value="month">{t('utilisation.month')}</option>
            <option value="week">{t('utilisation.week')}</option>
          </select>
        </label>
        <Button
          variant="secondary"
          disabled={!rows.length}
          onClick={() =>
            downloadText(
              `booking-utilisation-${from}-${to}.csv`,
              toCsv(
                rows,
                columns.map((c) => ({ header: c.header, value: c.value })),
                'excel',
              ),
            )
          }
        >
          <Download aria-hidden="true" />
          {t('utilisation.export')}
        </Button>
      </div>
      {!valid ? <p className="text-sm text-destructive">{t('utilisation.rangeInvalid')}</p> : null}
      {query.isError ? <ListLoadError onRetry={() => void query.refetch()} /> : null}
      {query.isPending && valid ? <Skeleton className="h-40 w-full" /> : null}
      {query.isSuccess ? (
        rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('utilisation.empty')}</p>
        ) : (
          <div className="overflow-x-auto rounded-md border border-border">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('utilisation.title')}</caption>
              <thead className="bg-muted/50">
                <tr>
                  {columns.map((c) => (
                    <th key={c.header} scope="col" className="p-2 text-left font-medium">
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.period_start}-${r.product_id}`} className="border-t border-border">
                    {columns.map((c) => (
                      <td key={c.header} className="p-2">
                        {c.value(r)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      ) : null}
    </section>
  );
}
