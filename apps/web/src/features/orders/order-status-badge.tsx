import { ordersMessages } from '@club/i18n/namespaces/orders';
import { Badge } from '../../components/ui/badge';
import { useT } from '../../lib/i18n';
import type { OrderStatus } from './load-orders';

const tones = {
  awaiting_payment: 'neutral',
  sent_to_customer: 'accent',
  activated: 'success',
  ordered: 'success',
} as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT(ordersMessages);
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
