// checkout: the member pays an order that start_checkout made (decision 1042).
// POST {"order_id": "…", "method": "mobilepay" | "card", "return_url": "https://…"} answers
// {"redirect_url": "…", "payment_reference": "…"}: the provider's page (the MobilePay app or
// the card page) to send the member to. Asked again for the same order and method, it answers
// the same payment: the database keeps the reference and the idempotency key is derived from
// the order id, so a retry after a time-out is the same call to the provider.
// POST {"action": "refund", "purchase_id": "…"} refunds a ticket paid online (its buyer inside
// the refund window, or an event admin): request_ticket_refund decides and keeps one refund per
// purchase (idempotency key refund-<refund id>), the adapter refunds it, and complete_refund
// cancels the ticket and writes the ledger; answers {"refund_id": "…", "state": "refunded"}, or
// 502 {"reason": "refund_failed"} with the refusal in the treasurer's exceptions.
// Errors answer {"error": "Checkout failed", "reason": "…"} (the database's codes such as
// order_not_found, order_expired, order_already_paid; provider_not_configured; the adapter's
// provider_* codes).
//
// The caller's own token makes the payment row (checkout_payment checks that the order is
// theirs and still held); the service role reads the club's provider keys, which never leave
// this function.
import { createClient } from '@supabase/supabase-js';
import { communityProvider } from '../_shared/payments/community-provider';
import { ProviderError, type Currency, type PaymentMethod } from '../_shared/payments/payment-provider';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, reason: string) => json({ error: 'Checkout failed', reason }, status);

interface CheckoutPayment {
  payment_id: string;
  community_id: string;
  reference: string;
  method: PaymentMethod;
  amount_ore: number;
  currency: Currency;
  redirect_url: string | null;
  description: string;
  idempotency_key: string;
}

const refusals: Record<string, number> = {
  order_not_found: 404,
  order_expired: 409,
  order_not_payable: 409,
  order_already_paid: 409,
  nothing_to_pay: 409,
  invalid_method: 400,
};

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method === 'OPTIONS') return new Response(null, { status: 204 });
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  let body: {
    order_id?: unknown;
    method?: unknown;
    return_url?: unknown;
    action?: unknown;
    purchase_id?: unknown;
  };
  try {
    body = (await req.json()) as typeof body;
  } catch {
    return failed(400, 'invalid_json');
  }
  if (body?.action === 'refund') return refund(req, env, body.purchase_id);
  const orderId = typeof body?.order_id === 'string' ? body.order_id : '';
  const method = body?.method;
  const returnUrl = typeof body?.return_url === 'string' ? body.return_url : '';
  if (!uuidPattern.test(orderId)) return failed(400, 'order_id_required');
  if (method !== 'mobilepay' && method !== 'card') return failed(400, 'invalid_method');
  if (!URL.canParse(returnUrl)) return failed(400, 'return_url_required');
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return failed(401, 'not_signed_in');
  if (!env.SUPABASE_SERVICE_ROLE_KEY) return failed(500, 'service_role_key_missing');

  const member = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    ...clientOptions,
    global: { headers: { Authorization: authorization } },
  });
  const made = await member.rpc('checkout_payment', { p_order_id: orderId, p_method: method });
  if (made.error) return failed(refusals[made.error.message] ?? 400, made.error.message);
  const payment = made.data as CheckoutPayment;
  if (payment.redirect_url)
    return json({ redirect_url: payment.redirect_url, payment_reference: payment.reference });

  const service = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, clientOptions);
  const provider = await communityProvider(service, payment.community_id, env);
  if (!provider) return failed(503, 'provider_not_configured');
  try {
    const created = await provider.payments.createPayment({
      reference: payment.reference,
      amount: { ore: payment.amount_ore, currency: payment.currency },
      method,
      returnUrl,
      description: payment.description.padEnd(3, '.'),
      idempotencyKey: payment.idempotency_key,
    });
    const noted = await service.rpc('record_payment_redirect', {
      p_payment_id: payment.payment_id,
      p_redirect_url: created.redirectUrl,
    });
    if (noted.error) return failed(502, noted.error.message);
    return json({ redirect_url: created.redirectUrl, payment_reference: payment.reference });
  } catch (error) {
    if (error instanceof ProviderError)
      return failed(error.code === 'provider_invalid_input' ? 400 : 502, error.code);
    throw error;
  }
}

interface RefundRequest {
  refund_id: string;
  community_id: string;
  reference: string;
  amount_ore: number;
  currency: Currency;
  state: 'requested' | 'refunded' | 'failed';
  idempotency_key: string;
}

async function refund(req: Request, env: Env, purchaseId: unknown): Promise<Response> {
  if (typeof purchaseId !== 'string' || !uuidPattern.test(purchaseId))
    return failed(400, 'purchase_id_required');
  const authorization = req.headers.get('authorization');
  if (!authorization || !env.SUPABASE_URL || !env.SUPABASE_ANON_KEY) return failed(401, 'not_signed_in');
  if (!env.SUPABASE_SERVICE_ROLE_KEY) return failed(500, 'service_role_key_missing');
  const caller = createClient(env.SUPABASE_URL, env.SUPABASE_ANON_KEY, {
    ...clientOptions,
    global: { headers: { Authorization: authorization } },
  });
  const asked = await caller.rpc('request_ticket_refund', { p_purchase_id: purchaseId });
  if (asked.error)
    return failed(asked.error.message === 'purchase_not_found' ? 404 : 409, asked.error.message);
  const request = asked.data as RefundRequest;
  if (request.state !== 'requested') return json({ refund_id: request.refund_id, state: request.state });
  const service = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, clientOptions);
  const provider = await communityProvider(service, request.community_id, env);
  if (!provider) return failed(503, 'provider_not_configured');
  let refused: string | null = null;
  try {
    await provider.payments.refundPayment(
      request.reference,
      { ore: request.amount_ore, currency: request.currency },
      request.idempotency_key,
    );
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A time-out may have refunded: it stays requested and is asked again with the same key.
    if (error.retryable) return failed(502, error.code);
    refused = `${error.code}: ${error.message}`;
  }
  const done = await service.rpc('complete_refund', {
    p_refund_id: request.refund_id,
    p_refunded: refused === null,
    p_detail: refused,
  });
  if (done.error) return failed(500, done.error.message);
  if (refused !== null) return failed(502, 'refund_failed');
  return json({ refund_id: request.refund_id, state: 'refunded' });
}
