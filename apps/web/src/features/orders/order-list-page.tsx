// The orders list (product.md §2 /orders) on the kit's DataTable: search by product or
// member, filters by status and order date, server-side sorting and paging in the address,
// CSV export, bulk status moves (all or none, confirmed), and each order's detail.
import { ordersMessages } from '@club/i18n/namespaces/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DataTable, type ListColumn } from '../../components/list/data-table';
import { ListDayRangeFilter, ListSelectFilter } from '../../components/list/list-filter-fields';
import { ListSearch } from '../../components/list/list-search';
import { useListState, type ListController } from '../../components/list/use-list-state';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/page-header';
import { useFormat, useT } from '../../lib/i18n';
import {
  loadAllOrders,
  loadOrderList,
  nextOrderStatuses,
  orderListSpec,
  orderStatuses,
  type OrderFilter,
  type OrderStatus,
  type OrderSummary,
} from './load-orders';
import { MoveOrdersDialog, type OrderMove } from './move-orders-dialog';
import { OrderDetailDialog } from './order-detail-dialog';
import { orderKeys } from './order-keys';
import { OrderStatusBadge } from './order-status-badge';

function OrderFilters({ list }: { list: ListController<OrderFilter> }) {
  const t = useT(ordersMessages);
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
        options={orderStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      />
      <ListDayRangeFilter list={list} from="from" to="to" fromLabel={t('list.from')} toLabel={t('list.to')} />
    </div>
  );
}

/** The statuses every selected order may move to. */
function commonMoves(rows: OrderSummary[]): OrderStatus[] {
  return orderStatuses.filter((status) =>
    rows.every((row) => nextOrderStatuses[row.status].includes(status)),
  );
}

export function OrderListPage({ communityId }: { communityId: string }) {
  const t = useT(ordersMessages);
  const format = useFormat();
  const list = useListState(orderListSpec);
  const { state } = list;
  const query = useQuery({
    queryKey: orderKeys.list(communityId, state),
    queryFn: () => loadOrderList(state, communityId),
    placeholderData: keepPreviousData,
  });
  const [open, setOpen] = useState<OrderSummary | null>(null);
  const [move, setMove] = useState<(OrderMove & { clear?: () => void }) | null>(null);

  const columns = useMemo<ListColumn<OrderSummary>[]>(
    () => [
      {
        id: 'product_name',
        header: t('list.columns.product'),
        sortable: true,
        hideable: false,
        csv: (row) => row.product_name,
        cell: (row) => <span className="font-medium">{row.product_name}</span>,
      },
      {
        id: 'member_name',
        header: t('list.columns.member'),
        sortable: true,
        csv: (row) => row.member_name,
        cell: (row) => row.member_name,
      },
      {
        id: 'amount_ore',
        header: t('list.columns.amount'),
        sortable: true,
        align: 'right',
        csv: (row) => format.number(row.amount_ore / 100, 2),
        cell: (row) => format.money(row.amount_ore, row.currency),
      },
      {
        id: 'status',
        header: t('list.columns.status'),
        sortable: true,
        csv: (row) => t(`status.${row.status}`),
        cell: (row) => <OrderStatusBadge status={row.status} />,
      },
      {
        id: 'created_at',
        header: t('list.columns.created'),
        sortable: true,
        csv: (row) => format.dateTime(row.created_at),
        cell: (row) => <span className="whitespace-nowrap">{format.dateTime(row.created_at)}</span>,
      },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <DataTable
        caption={t('list.caption')}
        list={list}
        query={query}
        columns={columns}
        getRowId={(row) => row.id}
        rowName={(row) => `${row.product_name}, ${row.member_name}`}
        onRowClick={setOpen}
        card={(row) => (
          <div className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{row.product_name}</span>
              <OrderStatusBadge status={row.status} />
            </div>
            <div className="text-sm text-muted-foreground">
              {row.member_name} · {format.money(row.amount_ore, row.currency)} · {format.date(row.created_at)}
            </div>
          </div>
        )}
        toolbar={<OrderFilters list={list} />}
        storageKey="orders"
        countLabel={(total) => (total === 1 ? t('list.countOne') : t('list.count', { count: total }))}
        empty={{ icon: ShoppingCart, title: t('list.emptyTitle'), body: t('list.emptyBody') }}
        exportCsv={{
          filename: `${t('list.caption').toLowerCase()}-${new Date().toISOString().slice(0, 10)}`,
          load: () => loadAllOrders(state, communityId),
        }}
        bulkActions={(rows, clear) =>
          commonMoves(rows).map((status) => (
            <Button key={status} size="sm" onClick={() => setMove({ orders: rows, status, clear })}>
              {t('list.moveTo', { status: t(`status.${status}`) })}
            </Button>
          ))
        }
      />
      <OrderDetailDialog
        communityId={communityId}
        order={open}
        onClose={() => setOpen(null)}
        onMove={(order, status) => setMove({ orders: [order], status })}
      />
      <MoveOrdersDialog
        communityId={communityId}
        move={move}
        onClose={() => setMove(null)}
        onMoved={() => {
          move?.clear?.();
          setOpen(null);
        }}
      />
    </>
  );
}
