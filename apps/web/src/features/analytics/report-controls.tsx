// Controls shared by the yearly reports of /analytics: a labelled select for the year (the
// last ten years), the CSV and print buttons, and the style of the native selects.
import { analyticsMessages } from '@club/i18n/namespaces/analytics';
import { Download, Printer } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { useT } from '../../lib/i18n';

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

/** Download the report as CSV, or print it (the browser saves a PDF); off while it is empty. */
export function ReportActions({ onDownload, disabled }: { onDownload: () => void; disabled: boolean }) {
  const t = useT(analyticsMessages);
  return (
    <div className="ml-auto flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={onDownload} disabled={disabled}>
        <Download aria-hidden="true" />
        {t('counts.csv')}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => window.print()} disabled={disabled}>
        <Printer aria-hidden="true" />
        {t('counts.print')}
      </Button>
    </div>
  );
}
