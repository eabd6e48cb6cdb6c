// Words for the codes of start_checkout / buy_ticket, cancel_ticket and the checkout function.
import { memberEventsMessages } from '@club/i18n/namespaces/member-events';
import { useT } from '../../i18n';
import { useDescribeCommonError } from '../describe-common-error';

export const ticketErrorCodes = [
  'ticket_not_found',
  'event_cancelled',
  'event_not_published',
  'not_a_member',
  'sales_not_open',
  'sales_closed',
  'invalid_quantity',
  'sold_out',
  'addon_quantity_invalid',
  'addon_sold_out',
  'addon_option_not_found',
  'refund_window_closed',
  'already_cancelled',
  'paid_online',
  'not_paid_online',
  'order_expired',
  'order_not_payable',
  'order_already_paid',
  'provider_not_configured',
  'provider_unavailable',
  'refund_failed',
] as const;

export function useDescribeTicketError(): (code: string) => string {
  const t = useT(memberEventsMessages);
  const common = useDescribeCommonError();
  return (code) => {
    if ((ticketErrorCodes as readonly string[]).includes(code))
      return t(`errors.${code as (typeof ticketErrorCodes)[number]}`);
    if (code.startsWith('provider_')) return t('errors.provider_unavailable');
    return common(code);
  };
}
