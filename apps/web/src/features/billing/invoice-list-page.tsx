// The invoices list (product.md §2 /billing/invoices) on the kit's DataTable: search by number
// or payer, filters by status (draft, issued, overdue, paid, void, credited), payer and issue
// date, sorting and paging in the address, CSV export; a row opens the invoice.
import { billingMessages } from '@club/i18n/namespaces/billing';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ReceiptText } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListDayRangeFilter, ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import { useListState, type ListController } from '../../components/list/use-list-state';
import { Badge } from '../../components/ui/badge';
import { PageHeader } from '../../components/ui/page-header';
import { useFormat, useT } from '../../lib/i18n';
import { billingKeys } from './billing-keys';
import { BillingNav } from './billing-nav';
import { invoiceListStatuses, type InvoiceListStatus } from './billing-records';
import { InvoiceDetailDialog } from './invoice-detail-dialog';
import {
  invoiceListSpec,
  loadAllInvoices,
  loadInvoiceList,
  type InvoiceFilter,
  type InvoiceRow,
} from './load-invoice-list';

const tones = {
  draft: 'neutral',
  issued: 'accent',
  overdue: 'danger',
  paid: 'success',
  void: 'neutral',
  credited: 'neutral',
} as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceListStatus }) {
  const t = useT(billingMessages);
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}

function InvoiceFilters({ list }: { list: ListController<InvoiceFilter> }) {
  const t = useT(billingMessages);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2">
      <ListSearch
        value={list.state.search}
        onSearch={list.setSearch}
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
      />
      <ListSelectFilter
        list={list}
        filter="status"
        label={t('list.columns.status')}
        allLabel={t('list.allStatuses')}
        options={invoiceListStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <ListDayRangeFilter list={list} from="from" to="to" fromLabel={t('list.from')} toLabel={t('list.to')} />
    </div>
  );
}

export function InvoiceListPage({ communityId }: { communityId: string }) {
  const t = useT(billingMessages);
  const format = useFormat();
  const list = useListState(invoiceListSpec);
  const { state } = list;
  const query = useQuery({
    queryKey: billingKeys.invoices(communityId, state),
    queryFn: () => loadInvoiceList(state, communityId),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<string | null>(null);
  const day = (value: string | null) => (value ? format.date(`${value}T12:00:00Z`, 'short') : '');

  const columns = useMemo<ListColumn<InvoiceRow>[]>(
    () => [
      {
        id: 'number',
        header: t('list.columns.number'),
        sortable: true,
        hideable: false,
        csv: (row) => row.number ?? '',
        cell: (row) => (
          <>
            <span className="font-medium">{row.number ?? t('list.draftNumber')}</span>{' '}
            {row.kind === 'credit_note' ? (
              <span className="ml-1 text-xs text-muted-foreground">{t('kind.credit_note')}</span>
            ) : null}
          </>
        ),
      },
      {
        id: 'account_name',
        header: t('list.columns.account'),
        sortable: true,
        csv: (row) => row.account_name,
        cell: (row) => row.account_name,
      },
      {
        id: 'issued_on',
        header: t('list.columns.issued'),
        sortable: true,
        csv: (row) => row.issued_on ?? '',
        cell: (row) => day(row.issued_on),
      },
      {
        id: 'due_on',
        header: t('list.columns.due'),
        sortable: true,
        csv: (row) => row.due_on ?? '',
        cell: (row) => day(row.due_on),
      },
      {
        id: 'total_ore',
        header: t('list.columns.total'),
        sortable: true,
        align: 'right',
        csv: (row) => format.number(row.total_ore / 100, 2),
        cell: (row) => format.money(row.total_ore, row.currency),
      },
      {
        id: 'outstanding_ore',
        header: t('list.columns.outstanding'),
        sortable: true,
        align: 'right',
        csv: (row) => format.number(row.outstanding_ore / 100, 2),
        cell: (row) => format.money(row.outstanding_ore, row.currency),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        csv: (row) => t(`status.${row.list_status as InvoiceListStatus}`),
        cell: (row) => <InvoiceStatusBadge status={row.list_status as InvoiceListStatus} />,
      },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <BillingNav />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => `${row.number ?? t('list.draftNumber')}, ${row.account_name}`}
        onRowClick={(row) => setOpen(row.id)}
        card={(row) => (
          // On a phone the card is the row: it opens the invoice as a row click does.
          <button
            type="button"
            className="block w-full space-y-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2"
            onClick={() => setOpen(row.id)}
          >
            <span className="flex items-center justify-between gap-2">
              <span className="font-medium">
                {row.kind === 'credit_note' ? `${t('kind.credit_note')} ` : ''}
                {row.number ?? t('list.draftNumber')} · {row.account_name}
              </span>
              <InvoiceStatusBadge status={row.list_status as InvoiceListStatus} />
            </span>
            <span className="block text-sm text-muted-foreground">
              {format.money(row.total_ore, row.currency)} · {day(row.due_on)}
            </span>
          </button>
        )}
        toolbar={<InvoiceFilters list={list} />}
        storageKey="invoices"
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={{ icon: ReceiptText, title: t('list.emptyTitle'), body: t('list.emptyBody') }}
        exportCsv={{
          filename: `${t('list.caption').toLowerCase()}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllInvoices(state, communityId),
        }}
      />
      <InvoiceDetailDialog communityId={communityId} invoiceId={open} onClose={() => setOpen(null)} />
    </>
  );
}
