// Confirms moving one or several orders to a status, naming them and the consequence, then
// moves them all or none (change_order_status) and refreshes the orders screens.
import { ordersMessages } from '@club/i18n/namespaces/orders';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast-store';
import { useT } from '../../lib/i18n';
import { describeOrderError } from './describe-order-error';
import type { OrderStatus, OrderSummary } from './load-orders';
import { orderKeys } from './order-keys';
import { changeOrderStatus } from './save-order-status';

export interface OrderMove {
  orders: OrderSummary[];
  status: OrderStatus;
}

export function MoveOrdersDialog({
  communityId,
  move,
  onClose,
  onMoved,
}: {
  communityId: string;
  move: OrderMove | null;
  onClose: () => void;
  onMoved?: () => void;
}) {
  const t = useT(ordersMessages);
  const queryClient = useQueryClient();
  const status = move ? t(`status.${move.status}`) : '';
  const count = move?.orders.length ?? 0;
  return (
    <ConfirmDialog
      open={move !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      destructive={false}
      title={
        count === 1
          ? t('confirm.oneTitle', { product: move?.orders[0]?.product_name ?? '', status })
          : t('confirm.manyTitle', { count: count, status })
      }
      description={count === 1 ? t('confirm.body') : t('confirm.manyBody', { count: count })}
      confirmLabel={t('confirm.confirm', { status })}
      onConfirm={async () => {
        if (!move) return;
        try {
          await changeOrderStatus(
            move.orders.map((o) => o.id),
            move.status,
          );
        } catch (error) {
          toast({ title: t(describeOrderError(error)), variant: 'destructive' });
          throw error;
        }
        await queryClient.invalidateQueries({ queryKey: orderKeys.all(communityId) });
        toast({
          title:
            count === 1 ? t('confirm.done', { status }) : t('confirm.doneMany', { count: count, status }),
        });
        onMoved?.();
        onClose();
      }}
    />
  );
}
