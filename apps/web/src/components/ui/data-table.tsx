// A data table for list screens: sortable columns (aria-sort), optional row click, a page of
// rows at a time, and an empty state when there is nothing to show. Sorting and paging happen
// here, or on the server when the caller passes `server` (the rows are then one page, in order).
import { commonMessages } from '@club/i18n/namespaces/common';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { useT } from '../../lib/i18n';
import { Button } from './button';

export interface Column<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  sortValue?: (row: Row) => string | number;
  align?: 'left' | 'right';
}

export interface TableSort {
  id: string;
  direction: 'asc' | 'desc';
}

/** Sorting and paging done by the server: the table shows the state and reports changes. */
export interface ServerPaging {
  sort: TableSort | undefined;
  onSortChange: (sort: TableSort) => void;
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
}

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  onRowClick,
  pageSize = 25,
  empty,
  server,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  pageSize?: number;
  empty?: ReactNode;
  server?: ServerPaging;
}) {
  const t = useT(commonMessages);
  const [localSort, setLocalSort] = useState<TableSort | undefined>();
  const [localPage, setLocalPage] = useState(0);
  const sort = server ? server.sort : localSort;
  const setSort = server ? server.onSortChange : setLocalSort;
  const page = server ? server.page : localPage;
  const setPage = server ? server.onPageChange : setLocalPage;
  const sorted = useMemo(() => {
    const column = columns.find((c) => c.id === sort?.id);
    if (server || !column?.sortValue || !sort) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (
        (typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y))) * factor
      );
    });
  }, [rows, columns, sort, server]);
  const pages = server ? Math.max(1, server.pages) : Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, pages - 1);
  const visible = server ? sorted : sorted.slice(current * pageSize, (current + 1) * pageSize);

  if (rows.length === 0)
    return <>{empty ?? <p className="text-sm text-muted-foreground">{t('table.empty')}</p>}</>;

  return (
    <div className="overflow-x-auto rounded-lg border border-border bg-surface">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-border bg-muted/50 text-left">
          <tr>
            {columns.map((column) => {
              const active = sort?.id === column.id ? sort.direction : undefined;
              const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ArrowUpDown;
              return (
                <th
                  key={column.id}
                  scope="col"
                  aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : undefined}
                  className={cn('px-4 py-2 font-medium', column.align === 'right' && 'text-right')}
                >
                  {column.sortValue ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1"
                      onClick={() => setSort({ id: column.id, direction: active === 'asc' ? 'desc' : 'asc' })}
                    >
                      {column.header}
                      <Icon aria-hidden="true" className="size-3.5" />
                      <span className="sr-only">
                        {active === 'asc' ? t('table.sortDescending') : t('table.sortAscending')}
                      </span>
                    </button>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {visible.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              className={cn(
                'border-b border-border last:border-0',
                onRowClick && 'cursor-pointer hover:bg-muted/60',
              )}
            >
              {columns.map((column) => (
                <td
                  key={column.id}
                  className={cn('px-4 py-2', column.align === 'right' && 'text-right tabular-nums')}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav
          className="flex items-center justify-end gap-2 border-t border-border px-4 py-2 text-sm"
          aria-label={t('table.pageOf', { page: current + 1, pages })}
        >
          <span className="text-muted-foreground">{t('table.pageOf', { page: current + 1, pages })}</span>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
            aria-label={t('table.previous')}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={current >= pages - 1}
            onClick={() => setPage(current + 1)}
            aria-label={t('table.next')}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
