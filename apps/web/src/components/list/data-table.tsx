// The list of every area: TanStack Table over one page of rows read from the data service.
// Paging, sorting, search and filters live in the address (useListState) and are done by the
// server; the table adds column visibility (remembered per list), row selection with bulk
// actions, CSV export of the current filter, cards instead of a wide table on phones, skeleton
// rows while loading and three distinct empty states. Usage: docs/kit.md.
import { kitMessages } from '@club/i18n/namespaces/kit';
import {
  columnVisibilityFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { cn } from '../../lib/class-names';
import { useT } from '../../lib/i18n';
import type { CsvColumn } from './csv';
import { ColumnsMenu, ExportMenu, type CsvExport } from './list-menus';
import { ListPagination } from './list-pagination';
import type { ListPage } from './list-query';
import { ListLoadError, ListNoMatches, ListSkeleton, type ListEmpty } from './list-states';
import type { ListController } from './use-list-state';
import { EmptyState } from '../ui/empty-state';
import { useColumnVisibility } from './use-column-visibility';

export interface ListColumn<T extends RowData> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The server can order by this column (its id is the column name sent in `order`). */
  sortable?: boolean;
  align?: 'left' | 'right';
  /** The value in CSV exports; columns without it are left out of the file. */
  csv?: (row: T) => string | number | boolean | null | undefined;
  /** false: always shown (the column that names the row). */
  hideable?: boolean;
  /** Hidden until the user shows it in the columns menu. */
  hiddenByDefault?: boolean;
}

/** The part of a TanStack Query result the table reads. */
export interface ListQueryResult<T> {
  data: ListPage<T> | undefined;
  isError: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface DataTableProps<T extends RowData, F extends string> {
  /** Names the table for screen readers ("Events"). */
  caption: string;
  list: ListController<F>;
  query: ListQueryResult<T>;
  columns: ListColumn<T>[];
  getRowId: (row: T) => string;
  /** The row's name, for the selection checkbox's label. */
  rowName?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** A card per row on phones instead of the wide table. */
  card?: (row: T) => ReactNode;
  /** Up to which width the cards stand in for the table: phones (default), or every width below
   * a wide desktop, for a table too wide for tablets and narrow laptops. */
  cardsBelow?: 'sm' | 'xl';
  /** What the area says when it has no rows at all (not: when filters match nothing). */
  empty: ListEmpty;
  /** Search box, filters and other controls shown above the rows. */
  toolbar?: ReactNode;
  exportCsv?: CsvExport<T>;
  /** Shown while rows are selected; clear() empties the selection. */
  bulkActions?: (rows: T[], clear: () => void) => ReactNode;
  /** Remembers column visibility in this browser under this key. */
  storageKey?: string;
  /** Page sizes to offer (the spec's pageSizes); none: no page-size choice. */
  pageSizes?: readonly number[];
  /** "12 events" above the rows; defaults to "12 results". */
  countLabel?: (total: number, estimated: boolean) => string;
}

const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  columnVisibilityFeature,
  rowSelectionFeature,
});

function apply<S>(updater: Updater<S>, current: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(current) : updater;
}

export function DataTable<T extends RowData, F extends string>(props: DataTableProps<T, F>) {
  const { list, query, columns, getRowId } = props;
  const t = useT(kitMessages);
  const { state } = list;
  const [visibility, setVisibility] = useColumnVisibility(props.storageKey, columns);
  const [selected, setSelected] = useState<Map<string, T>>(new Map());
  // A different sort, search or filter is a different set of rows: the selection goes.
  const selectionScope = JSON.stringify([state.sort, state.search, state.filters]);
  useEffect(() => setSelected(new Map()), [selectionScope]);

  const rows = query.data?.rows;
  const wideCards = props.cardsBelow === 'xl';
  const tableColumns = useMemo<ColumnDef<typeof features, T>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => row,
        enableSorting: Boolean(column.sortable),
        enableHiding: column.hideable !== false,
        cell: (context) => column.cell(context.row.original),
      })),
    [columns],
  );
  const sorting: SortingState = [{ id: state.sort.id, desc: state.sort.desc }];
  const rowSelection: RowSelectionState = Object.fromEntries([...selected.keys()].map((id) => [id, true]));
  const table = useTable({
    features,
    columns: tableColumns,
    data: rows ?? [],
    getRowId: (row) => getRowId(row),
    manualSorting: true,
    manualPagination: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    rowCount: query.data?.total ?? 0,
    enableRowSelection: Boolean(props.bulkActions),
    state: {
      sorting,
      pagination: { pageIndex: state.page, pageSize: state.pageSize },
      columnVisibility: visibility,
      rowSelection,
    },
    onSortingChange: (updater) => {
      const next = apply(updater, sorting)[0];
      if (next) list.setSort({ id: next.id, desc: next.desc });
    },
    onColumnVisibilityChange: (updater) => setVisibility(apply(updater, visibility)),
    onRowSelectionChange: (updater) => {
      const next = apply(updater, rowSelection);
      setSelected((current) => {
        const map = new Map<string, T>();
        for (const [id, on] of Object.entries(next)) {
          if (!on) continue;
          const row = current.get(id) ?? rows?.find((r) => getRowId(r) === id);
          if (row !== undefined) map.set(id, row);
        }
        return map;
      });
    },
  });

  const csvColumns: CsvColumn<T>[] = columns.flatMap((c) =>
    c.csv ? [{ header: c.header, value: c.csv }] : [],
  );
  const total = query.data?.total ?? 0;
  const estimated = Boolean(query.data?.estimated);
  const count =
    props.countLabel?.(total, estimated) ??
    (estimated
      ? t('list.countEstimated', { count: total })
      : total === 1
        ? t('list.countOne')
        : t('list.count', { count: total }));
  const clearSelection = () => setSelected(new Map());
  const selectedRows = [...selected.values()];

  const pagination = (
    <ListPagination
      page={state.page}
      pageSize={state.pageSize}
      total={total}
      estimated={estimated}
      onPage={list.setPage}
      pageSizes={props.pageSizes}
      onPageSize={(pageSize) => list.change({ pageSize })}
    />
  );
  let body: ReactNode;
  if (query.isError && !query.data) body = <ListLoadError onRetry={() => void query.refetch()} />;
  else if (!rows) body = <ListSkeleton />;
  else if (rows.length === 0 && total > 0 && state.page > 0)
    // Rows went away under the current page (deleted elsewhere, or an old link): go to the last one.
    body = <GoToPage page={Math.max(0, Math.ceil(total / state.pageSize) - 1)} onPage={list.setPage} />;
  else if (rows.length === 0)
    body = list.narrowed ? (
      <ListNoMatches onClear={list.clear} />
    ) : (
      <EmptyState icon={props.empty.icon} title={props.empty.title} action={props.empty.action}>
        {props.empty.body}
      </EmptyState>
    );
  else
    body = (
      <>
        {props.card ? (
          <ul className={cn('space-y-2', wideCards ? 'xl:hidden' : 'sm:hidden')} aria-label={props.caption}>
            {rows.map((row) => (
              <li key={getRowId(row)}>{props.card?.(row)}</li>
            ))}
          </ul>
        ) : null}
        <div
          className={cn(
            'overflow-x-auto rounded-lg border border-border bg-surface',
            props.card && (wideCards ? 'hidden xl:block' : 'hidden sm:block'),
            query.isFetching && 'opacity-70 transition-opacity',
          )}
        >
          <table className="w-full text-sm" aria-busy={query.isFetching || undefined}>
            <caption className="sr-only">{props.caption}</caption>
            <thead className="border-b border-border bg-muted/50 text-left">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {props.bulkActions ? (
                    <th scope="col" className="w-10 px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={t('list.selectAll')}
                        checked={table.getIsAllPageRowsSelected()}
                        ref={(el) => {
                          if (el) el.indeterminate = table.getIsSomePageRowsSelected();
                        }}
                        onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
                        className="size-4 accent-accent"
                      />
                    </th>
                  ) : null}
                  {group.headers.map((header) => {
                    const column = columns.find((c) => c.id === header.column.id);
                    const sorted = header.column.getIsSorted();
                    const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                        className={cn('px-4 py-2 font-medium', column?.align === 'right' && 'text-right')}
                      >
                        {header.column.getCanSort() ? (
                          <button
                            type="button"
                            className="inline-flex items-center gap-1"
                            onClick={() => list.setSort({ id: header.column.id, desc: sorted === 'asc' })}
                          >
                            {column?.header}
                            <Icon aria-hidden="true" className="size-3.5" />
                            <span className="sr-only">
                              {sorted === 'asc' ? t('list.sortDescending') : t('list.sortAscending')}
                            </span>
                          </button>
                        ) : (
                          column?.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  data-state={row.getIsSelected() ? 'selected' : undefined}
                  onClick={props.onRowClick ? () => props.onRowClick?.(row.original) : undefined}
                  className={cn(
                    'border-b border-border last:border-0 data-[state=selected]:bg-accent-soft/60',
                    props.onRowClick && 'cursor-pointer hover:bg-muted/60',
                  )}
                >
                  {props.bulkActions ? (
                    <td className="w-10 px-3 py-2" onClick={(e) => e.stopPropagation()}>
                      <input
                        type="checkbox"
                        aria-label={t('list.selectRow', { name: props.rowName?.(row.original) ?? row.id })}
                        checked={row.getIsSelected()}
                        onChange={(e) => row.toggleSelected(e.target.checked)}
                        className="size-4 accent-accent"
                      />
                    </td>
                  ) : null}
                  {row.getVisibleCells().map((cell) => {
                    const column = columns.find((c) => c.id === cell.column.id);
                    return (
                      <td
                        key={cell.id}
                        className={cn('px-4 py-2', column?.align === 'right' && 'text-right tabular-nums')}
                      >
                        {column?.cell(row.original)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {pagination}
        </div>
        {props.card ? <div className={wideCards ? 'xl:hidden' : 'sm:hidden'}>{pagination}</div> : null}
      </>
    );

  const hideable = table
    .getAllLeafColumns()
    .filter((column) => column.getCanHide())
    .map((column) => ({
      id: column.id,
      label: columns.find((c) => c.id === column.id)?.header ?? column.id,
      visible: column.getIsVisible(),
      toggle: (visible: boolean) => column.toggleVisibility(visible),
    }));

  return (
    <section aria-label={props.caption}>
      {props.toolbar ? <div className="mb-3 space-y-3">{props.toolbar}</div> : null}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <p className="mr-auto text-sm text-muted-foreground" aria-live="polite">
          {rows ? count : '\u00a0'}
        </p>
        {selectedRows.length > 0 && props.bulkActions ? (
          <div className="flex flex-wrap items-center gap-2 rounded-md border border-border bg-accent-soft px-2 py-1 text-sm">
            <span>
              {selectedRows.length === 1
                ? t('list.selectedOne')
                : t('list.selected', { count: selectedRows.length })}
            </span>
            {props.bulkActions(selectedRows, clearSelection)}
            <button type="button" className="underline" onClick={clearSelection}>
              {t('list.clearSelection')}
            </button>
          </div>
        ) : null}
        {hideable.length > 0 ? (
          <span className="hidden sm:inline-flex">
            <ColumnsMenu columns={hideable} />
          </span>
        ) : null}
        {props.exportCsv && csvColumns.length > 0 ? (
          <ExportMenu exporter={props.exportCsv} columns={csvColumns} />
        ) : null}
      </div>
      {body}
    </section>
  );
}

function GoToPage({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  useEffect(() => onPage(page), [page, onPage]);
  return <ListSkeleton />;
}
