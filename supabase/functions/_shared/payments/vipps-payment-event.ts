// A one-off payment's event as the provider tells it: a webhook notification's body, or an
// entry of the payment's event log (GET …/events, used by the reconciliation job). Both have
// the ePayment spec's PaymentEvent shape. Reading it checks every field the database needs,
// so a malformed notification is refused with a reason instead of half-processed.
import type { Currency, PaymentEvent, PaymentEventName } from './payment-provider';

export type PaymentEventReading =
  { readonly ok: true; readonly event: PaymentEvent } | { readonly ok: false; readonly reason: string };

const names: readonly PaymentEventName[] = [
  'created',
  'aborted',
  'expired',
  'cancelled',
  'captured',
  'refunded',
  'authorized',
  'terminated',
];
const currencies: readonly Currency[] = ['DKK', 'NOK', 'EUR'];
const referencePattern = /^[a-zA-Z0-9-]{8,50}$/;

export function readPaymentEvent(raw: unknown): PaymentEventReading {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, reason: 'The event is not a JSON object' };
  const body = raw as Record<string, unknown>;
  if (typeof body.reference !== 'string' || !referencePattern.test(body.reference))
    return { ok: false, reason: 'The event has no valid reference' };
  if (typeof body.pspReference !== 'string' || body.pspReference === '' || body.pspReference.length > 100)
    return { ok: false, reason: 'The event has no pspReference' };
  const name = typeof body.name === 'string' ? (body.name.toLowerCase() as PaymentEventName) : undefined;
  if (!name || !names.includes(name)) return { ok: false, reason: 'The event has an unknown name' };
  const amount = body.amount as { value?: unknown; currency?: unknown } | undefined;
  if (
    typeof amount?.value !== 'number' ||
    !Number.isSafeInteger(amount.value) ||
    amount.value < 0 ||
    !currencies.includes(amount.currency as Currency)
  )
    return { ok: false, reason: 'The event has no valid amount' };
  if (typeof body.timestamp !== 'string' || Number.isNaN(Date.parse(body.timestamp)))
    return { ok: false, reason: 'The event has no valid timestamp' };
  if (typeof body.success !== 'boolean')
    return { ok: false, reason: 'The event does not say whether it succeeded' };
  const idempotencyKey =
    typeof body.idempotencyKey === 'string' && body.idempotencyKey !== '' ? body.idempotencyKey : null;
  return {
    ok: true,
    event: {
      reference: body.reference,
      pspReference: body.pspReference,
      name,
      amount: { ore: amount.value, currency: amount.currency as Currency },
      occurredAt: body.timestamp,
      success: body.success,
      idempotencyKey,
      eventKey: `vipps:${body.reference}:${name}:${body.pspReference}`,
    },
  };
}
