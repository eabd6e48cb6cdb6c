// Controls shared by the yearly reports of /analytics: a labelled select for the year (the
// last ten years), the CSV, PDF and print buttons, and the style of the native selects.
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { Download, FileText, Printer } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { downloadBlob } from '../../components/list/csv';
import { useT } from '../../lib/i18n';
import { describeAnalyticsError } from './describe-analytics-error';

/**
 * The year a statutory count is being reported for on a given day (decision 1050): CFR's window
 * runs from 1 December to 31 January, so in December it is this year (its window has just
 * opened) and from January to November the year that ended last.
 */
export function reportingYear(today: string): number {
  const year = Number(today.slice(0, 4));
  return today.slice(5, 7) === '12' ? year : year - 1;
}

export const selectClass =
  'h-9 rounded-md border border-input bg-surface px-2 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-ring';

export function YearSelect({
  thisYear,
  value,
  onChange,
}: {
  thisYear: number;
  value: number;
  onChange: (year: number) => void;
}) {
  const t = useT(analyticsMessages);
  const id = useId();
  return (
    <div className="space-y-1 text-sm font-medium">
      <label htmlFor={id} className="block">
        {t('counts.year')}
      </label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {Array.from({ length: 10 }, (_, i) => thisYear - i).map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Download the report as CSV or as a PDF file (made on the server, decision 0943), or print the
 * page; off while the report is empty.
 */
export function ReportActions({
  onDownload,
  pdf,
  disabled,
}: {
  onDownload: () => void;
  /** Makes the PDF and names its file. */
  pdf: { make: () => Promise<Blob>; fileName: string; year: number };
  disabled: boolean;
}) {
  const t = useT(analyticsMessages);
  const [making, setMaking] = useState(false);
  const downloadPdf = async () => {
    setMaking(true);
    try {
      downloadBlob(pdf.fileName, await pdf.make());
    } catch (error) {
      const key = describeAnalyticsError(error);
      toast({
        variant: 'destructive',
        title: key === 'errors.loadFailed' ? t('pdf.failed') : t(key, { year: pdf.year }),
      });
    } finally {
      setMaking(false);
    }
  };
  return (
    <div className="ml-auto flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={onDownload} disabled={disabled}>
        <Download aria-hidden="true" />
        {t('counts.csv')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => void downloadPdf()}
        disabled={disabled || making}
        aria-busy={making}
      >
        <FileText aria-hidden="true" />
        {t('counts.pdf')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => window.print()} disabled={disabled}>
        <Printer aria-hidden="true" />
        {t('counts.print')}
      </Button>
    </div>
  );
}
