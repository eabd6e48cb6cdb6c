// Every chart of the app: a titled card with the drawing (recharts, loaded on first show),
// its numbers as a table behind a toggle (for screen readers and for reading exact values),
// and the same numbers as a CSV file. Colours and text follow the light or dark palette.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { Download, Table2, ChartColumn } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { downloadText, toCsv, type CsvColumn } from '../list/csv';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import type { ChartRow, ChartSpec } from './chart-types';

const ChartCanvas = lazy(() => import('./chart-canvas'));

export type { ChartRow, ChartSeries, ChartSpec } from './chart-types';

export function Chart({
  title,
  description,
  filename,
  height = 280,
  ...spec
}: ChartSpec & { title: string; description?: string; filename: string; height?: number }) {
  const t = useT(kitMessages);
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  const format = spec.formatValue ?? ((v: number) => String(v));
  const columns: CsvColumn<ChartRow>[] = [
    { header: spec.x.label, value: (row) => row[spec.x.key] },
    ...spec.series.map((s) => ({ header: s.label, value: (row: ChartRow) => row[s.key] })),
  ];
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-border bg-surface p-4">
      <div className="mb-3 flex flex-wrap items-start gap-2">
        <div className="mr-auto">
          <h2 id={headingId} className="font-semibold">
            {title}
          </h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <Button variant="ghost" size="sm" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? <ChartColumn aria-hidden="true" /> : <Table2 aria-hidden="true" />}
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => downloadText(`${filename}.csv`, toCsv(spec.data, columns, 'excel'))}
        >
          <Download aria-hidden="true" />
          {t('chart.download')}
        </Button>
      </div>
      {asTable ? (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="border-b border-border text-left">
              <tr>
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {spec.x.label}
                </th>
                {spec.series.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-1.5 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {spec.data.map((row, i) => (
                <tr key={i} className="border-b border-border last:border-0">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {row[spec.x.key]}
                  </th>
                  {spec.series.map((s) => {
                    const value = row[s.key];
                    return (
                      <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                        {typeof value === 'number' ? format(value) : (value ?? '')}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        // min-w-0: in a grid or flex cell the drawing shrinks with the cell instead of keeping
        // the width it was first measured at and being cut off on the right.
        <div role="img" aria-label={description ?? title} className="min-w-0 overflow-hidden">
          <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
            <ChartCanvas spec={spec} height={height} />
          </Suspense>
        </div>
      )}
    </section>
  );
}
