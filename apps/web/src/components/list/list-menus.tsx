// The list's two menus: which columns to show (remembered per list in this browser) and CSV
// export of every row matching the current filters, as Excel-ready semicolons with a BOM or
// plain commas.
import { kitMessages } from '@club/i18n/namespaces/kit';
import { Columns3, Download } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { Button } from '../ui/button';
import {
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';
import { toast } from '../ui/toast-store';
import { downloadText, toCsv, type CsvColumn, type CsvFlavour } from './csv';

export interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
  toggle: (visible: boolean) => void;
}

export function ColumnsMenu({ columns }: { columns: ColumnChoice[] }) {
  const t = useT(kitMessages);
  return (
    <Menu.Root>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 aria-hidden="true" />
          {t('list.columns')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('list.columnsTitle')}</DropdownMenuLabel>
        {columns.map((column) => (
          <Menu.CheckboxItem
            key={column.id}
            checked={column.visible}
            onCheckedChange={(checked) => column.toggle(checked === true)}
            onSelect={(e) => e.preventDefault()}
            className="relative flex cursor-pointer select-none items-center gap-2 rounded-sm py-1.5 pl-8 pr-2 outline-none data-[highlighted]:bg-muted"
          >
            <Menu.ItemIndicator className="absolute left-2">✓</Menu.ItemIndicator>
            {column.label}
          </Menu.CheckboxItem>
        ))}
      </DropdownMenuContent>
    </Menu.Root>
  );
}

export interface CsvExport<T> {
  /** File name without extension, e.g. "events-2026-11-25". */
  filename: string;
  /** Every row matching the current filters (loadAllPages helps). */
  load: () => Promise<T[]>;
}

export function ExportMenu<T>({ exporter, columns }: { exporter: CsvExport<T>; columns: CsvColumn<T>[] }) {
  const t = useT(kitMessages);
  const [busy, setBusy] = useState(false);
  const run = async (flavour: CsvFlavour) => {
    setBusy(true);
    try {
      const rows = await exporter.load();
      downloadText(`${exporter.filename}.csv`, toCsv(rows, columns, flavour));
      toast({ title: t('export.done', { count: rows.length }) });
    } catch {
      toast({ variant: 'destructive', title: t('export.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu.Root>
      <DropdownMenuTrigger asChild>
        <Button variant="secondary" size="sm" disabled={busy} aria-busy={busy}>
          <Download aria-hidden="true" />
          {t('export.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => void run('excel')}>{t('export.excel')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run('plain')}>{t('export.plain')}</DropdownMenuItem>
      </DropdownMenuContent>
    </Menu.Root>
  );
}
