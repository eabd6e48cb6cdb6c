// One order: member, product, amount, status with the moves it may make, and its history
// (each change with who and when).
import { ordersMessages } from '@club/i18n/namespaces/orders';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { useFormat, useT } from '../../lib/i18n';
import { loadOrderHistory, nextOrderStatuses, type OrderStatus, type OrderSummary } from './load-orders';
import { orderKeys } from './order-keys';
import { OrderStatusBadge } from './order-status-badge';

export function OrderDetailDialog({
  communityId,
  order,
  onClose,
  onMove,
}: {
  communityId: string;
  order: OrderSummary | null;
  onClose: () => void;
  onMove: (order: OrderSummary, status: OrderStatus) => void;
}) {
  const t = useT(ordersMessages);
  const format = useFormat();
  const history = useQuery({
    queryKey: orderKeys.detail(communityId, order?.id ?? ''),
    queryFn: () => loadOrderHistory(order!.id),
    enabled: order !== null,
  });
  if (!order) return null;
  const next = nextOrderStatuses[order.status];
  const rows: [string, React.ReactNode][] = [
    [t('detail.member'), order.member_name],
    [t('detail.product'), order.product_name],
    [t('detail.amount'), format.money(order.amount_ore, order.currency)],
    [t('detail.status'), <OrderStatusBadge key="s" status={order.status} />],
    [t('detail.ordered'), format.dateTime(order.created_at)],
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('detail.title', { product: order.product_name })}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {next.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.final')}</p>
        ) : (
          next.map((status) => (
            <Button key={status} onClick={() => onMove(order, status)}>
              {t('list.moveTo', { status: t(`status.${status}`) })}
            </Button>
          ))
        )}
      </div>
      <h3 className="mt-6 text-sm font-semibold">{t('detail.history')}</h3>
      <ol className="mt-2 space-y-2 text-sm">
        {(history.data ?? []).map((entry) => (
          <li key={entry.id} className="flex flex-wrap gap-x-2">
            <span className="font-medium">
              {entry.from_status
                ? t('detail.changed', {
                    from: t(`status.${entry.from_status}`),
                    to: t(`status.${entry.to_status!}`),
                  })
                : t('detail.created', { status: t(`status.${entry.to_status!}`) })}
            </span>
            <span className="text-muted-foreground">
              {entry.changed_by_name
                ? t('detail.by', { name: entry.changed_by_name })
                : t('detail.byUnknown')}{' '}
              · {entry.changed_at ? format.dateTime(entry.changed_at) : ''}
            </span>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
