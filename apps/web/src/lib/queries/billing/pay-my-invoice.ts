// Paying one of my invoices online (decision 1034): the same checkout as tickets. start_checkout
// prices the invoice from what is left on it (fees included) and answers one order per key, the
// checkout function creates the MobilePay or card payment at the provider, and the member goes to
// the provider's page; the provider's signed notification marks the invoice paid. The key is
// made once per opened invoice, so a double tap or a retry after a lost answer is the same order.
import { memberAppMessages } from '@club/i18n/namespaces/member-app';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../i18n';
import { supabase } from '../../supabase';
import { useDescribeCommonError } from '../describe-common-error';
import { functionError } from '../function-error';
import { useDataMutation } from '../use-data-mutation';
import { billingKeys } from './keys';

export interface PayMyInvoice {
  communityId: string;
  invoiceId: string;
  method: 'mobilepay' | 'card';
  idempotencyKey: string;
  /** Where the provider sends the member back to. */
  returnUrl: string;
}

export type PayMyInvoiceResult = { kind: 'paid' } | { kind: 'pay'; redirectUrl: string };

export async function payMyInvoice(input: PayMyInvoice): Promise<PayMyInvoiceResult> {
  const client = supabase();
  const { data, error } = await client.rpc('start_checkout', {
    p_community_id: input.communityId,
    p_items: [{ kind: 'invoice', invoice_id: input.invoiceId }],
    p_idempotency_key: input.idempotencyKey,
  });
  if (error) throw error;
  const answer = data as { order_id: string; status: string };
  if (answer.status === 'paid') return { kind: 'paid' };
  if (answer.status !== 'pending' && answer.status !== 'authorized')
    throw { code: 'P0001', message: 'order_expired' };
  const paid = await client.functions.invoke<{ redirect_url: string }>('checkout', {
    body: { order_id: answer.order_id, method: input.method, return_url: input.returnUrl },
  });
  if (paid.error) throw await functionError(paid.error);
  return { kind: 'pay', redirectUrl: paid.data!.redirect_url };
}

const payErrorCodes = [
  'invoice_not_found',
  'invoice_not_payable',
  'order_expired',
  'order_not_payable',
  'order_already_paid',
  'provider_not_configured',
  'provider_unavailable',
] as const;

export function useDescribePayError(): (code: string) => string {
  const t = useT(memberAppMessages);
  const common = useDescribeCommonError();
  return (code) => {
    if ((payErrorCodes as readonly string[]).includes(code))
      return t(`me.payOnline.errors.${code as (typeof payErrorCodes)[number]}`);
    if (code.startsWith('provider_')) return t('me.payOnline.errors.provider_unavailable');
    return common(code);
  };
}

export function usePayMyInvoice(communityId: string) {
  return useDataMutation({
    mutationFn: payMyInvoice,
    invalidates: () => [billingKeys.myInvoices(communityId)],
    success: () => undefined,
    describeError: useDescribePayError(),
  });
}

/** Whether the club has set up MobilePay and card (online_payment_available). */
export function useOnlinePaymentAvailable(communityId: string) {
  return useQuery({
    queryKey: billingKeys.onlinePayment(communityId),
    queryFn: async () => {
      const { data, error } = await supabase().rpc('online_payment_available', {
        p_community_id: communityId,
      });
      if (error) throw error;
      return data === true;
    },
    staleTime: 5 * 60_000,
  });
}
