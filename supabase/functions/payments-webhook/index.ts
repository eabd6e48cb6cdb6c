// payments-webhook: the provider's notifications of one community's payments (decision 1042),
// registered as <server>/functions/v1/payments-webhook?c=<community id>.
// The signature (HMAC over method, path and query, date, host and the body's hash) is checked
// with the community's webhook secret: a wrong one answers 401. Each event is recorded once by
// record_payment_event, which moves the payment and its order at most one step and says what
// to do at the provider: AUTHORIZED → capture, then the order is paid (complete_payment: the
// ledger, the invoices, the tickets); a payment that is not needed (wrong amount, a hold that ran
// out, an order already paid) → cancel. Unknown references and mismatches are exceptions for
// the treasurer and answer 200, since sending them again would not change them; a capture that
// failed answers 502, so the provider sends the event again and the capture is tried again with
// the same idempotency key.
import { createClient } from '@supabase/supabase-js';
import { communityProvider, rowKey } from '../_shared/payments/community-provider';
import { ProviderError, type Currency } from '../_shared/payments/payment-provider';
import { readPaymentEvent } from '../_shared/payments/vipps-payment-event';
import { verifyWebhook } from '../_shared/payments/vipps-webhook-signature';

type Env = Readonly<Record<string, string | undefined>>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const failed = (status: number, reason: string) => json({ error: 'Webhook refused', reason }, status);

interface Recorded {
  outcome: string;
  action: 'capture' | 'cancel' | 'none';
  payment_id?: string;
  reference: string;
  amount_ore?: number;
  currency?: Currency;
}

export default async function handler(req: Request, context?: { env?: Env }): Promise<Response> {
  const env = context?.env ?? {};
  if (req.method !== 'POST') return failed(405, 'method_not_allowed');
  const url = new URL(req.url);
  const communityId = url.searchParams.get('c') ?? '';
  if (!uuidPattern.test(communityId)) return failed(404, 'unknown_community');
  if (!env.SUPABASE_URL || !env.SUPABASE_SERVICE_ROLE_KEY) return failed(500, 'service_role_key_missing');
  const rawBody = await req.text();

  const service = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const provider = await communityProvider(service, communityId, env);
  if (!provider?.webhookSecret) return failed(404, 'unknown_community');
  // The function sees its path without the gateway prefix; the provider signed the registered URL.
  const verdict = verifyWebhook({
    secret: provider.webhookSecret,
    method: req.method,
    pathAndQuery: `/functions/v1${url.pathname}${url.search}`,
    host: req.headers.get('host') ?? url.host,
    headers: req.headers,
    rawBody,
  });
  if (!verdict.ok) return failed(401, verdict.reason);

  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return failed(400, 'invalid_json');
  }
  const reading = readPaymentEvent(parsed);
  if (!reading.ok) return failed(400, reading.reason);
  const recorded = await service.rpc('record_payment_event', {
    p_community_id: communityId,
    p_event: reading.event,
  });
  if (recorded.error) return failed(500, recorded.error.message);
  const result = recorded.data as Recorded;

  if (
    result.action === 'capture' &&
    result.payment_id &&
    result.amount_ore !== undefined &&
    result.currency
  ) {
    try {
      await provider.payments.capturePayment(
        result.reference,
        { ore: result.amount_ore, currency: result.currency },
        rowKey('cap', result.payment_id),
      );
    } catch (error) {
      const reason = error instanceof ProviderError ? error.code : 'provider_failed';
      await service.rpc('record_payment_exception', {
        p_payment_id: result.payment_id,
        p_kind: 'capture_failed',
        p_detail: `The capture was refused or not answered (${reason}); it is tried again when the provider repeats the notification`,
      });
      return failed(502, reason);
    }
    const completed = await service.rpc('complete_payment', { p_payment_id: result.payment_id });
    if (completed.error) return failed(500, completed.error.message);
    return json({ outcome: 'paid' });
  }
  if (result.action === 'cancel' && result.payment_id) {
    try {
      await provider.payments.cancelPayment(result.reference, rowKey('cancel', result.payment_id));
    } catch (error) {
      const reason = error instanceof ProviderError ? error.code : 'provider_failed';
      await service.rpc('record_payment_exception', {
        p_payment_id: result.payment_id,
        p_kind: 'cancel_failed',
        p_detail: `The authorised payment could not be cancelled (${reason}); cancel it on portal.vipps.no`,
      });
    }
  }
  return json({ outcome: result.outcome });
}
