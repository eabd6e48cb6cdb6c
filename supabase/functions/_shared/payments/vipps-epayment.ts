// One-off payments through the Vipps MobilePay ePayment API v1: MobilePay (WALLET) and
// freestanding card payments (CARD, no MobilePay account needed), with the member sent to the
// provider by WEB_REDIRECT. Amounts are captured when the purchase is confirmed, partial
// captures and refunds included. The spec is ../shared/vendor/payments/vipps-mobilepay/epayment.
import {
  ProviderError,
  type CreatePaymentInput,
  type CreatedPayment,
  type Currency,
  type Money,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderPaymentState,
} from './payment-provider';
import { callVipps } from './vipps-http';
import { readPaymentEvent } from './vipps-payment-event';
import type { ResolvedVippsSettings } from './vipps-settings';

const referencePattern = /^[a-zA-Z0-9-]{8,50}$/;
const currencies: readonly Currency[] = ['DKK', 'NOK', 'EUR'];
// The spec's Amount.value bounds.
const maxOre = 65_000_000;

const states: Readonly<Record<string, ProviderPaymentState>> = {
  CREATED: 'created',
  ABORTED: 'aborted',
  EXPIRED: 'expired',
  AUTHORIZED: 'authorized',
  TERMINATED: 'terminated',
};

function checkReference(reference: string): string {
  if (!referencePattern.test(reference))
    throw new ProviderError(
      'provider_invalid_input',
      'A payment reference is 8 to 50 of a-z, A-Z, 0-9 and -',
    );
  return reference;
}

function amountBody(amount: Money, allowZero: boolean): { currency: Currency; value: number } {
  if (!currencies.includes(amount.currency))
    throw new ProviderError('provider_invalid_input', `Vipps MobilePay does not take ${amount.currency}`);
  if (!Number.isInteger(amount.ore) || amount.ore < (allowZero ? 0 : 1) || amount.ore > maxOre)
    throw new ProviderError('provider_invalid_input', `An amount is 1 to ${maxOre} øre`);
  return { currency: amount.currency, value: amount.ore };
}

function readMoney(raw: unknown, what: string): Money {
  const amount = raw as { currency?: unknown; value?: unknown } | undefined;
  if (
    typeof amount?.value !== 'number' ||
    !Number.isInteger(amount.value) ||
    !currencies.includes(amount.currency as Currency)
  )
    throw new ProviderError('provider_bad_response', `The payment answer has no valid ${what}`);
  return { ore: amount.value, currency: amount.currency as Currency };
}

/** Reads a GetPaymentResponse or a ModificationResponse (both carry state and aggregate). */
function readPayment(raw: unknown): ProviderPayment {
  const body = (raw ?? {}) as Record<string, unknown>;
  const state = typeof body.state === 'string' ? states[body.state] : undefined;
  if (!state || typeof body.reference !== 'string' || typeof body.pspReference !== 'string')
    throw new ProviderError(
      'provider_bad_response',
      'The payment answer has no reference, state or pspReference',
    );
  const aggregate = (body.aggregate ?? {}) as Record<string, unknown>;
  return {
    reference: body.reference,
    state,
    pspReference: body.pspReference,
    authorized: readMoney(aggregate.authorizedAmount, 'authorized amount'),
    captured: readMoney(aggregate.capturedAmount, 'captured amount'),
    refunded: readMoney(aggregate.refundedAmount, 'refunded amount'),
    cancelled: readMoney(aggregate.cancelledAmount, 'cancelled amount'),
  };
}

export function createVippsEPayment(settings: ResolvedVippsSettings): PaymentProvider {
  const base = '/epayment/v1/payments';
  return {
    name: 'vipps_mobilepay',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const description = input.description.trim().slice(0, 100);
      if (description.length < 3)
        throw new ProviderError('provider_invalid_input', 'A payment description is 3 to 100 characters');
      const { body } = await callVipps(settings, {
        method: 'POST',
        path: base,
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: amountBody(input.amount, false),
          paymentMethod: { type: input.method === 'card' ? 'CARD' : 'WALLET' },
          reference: checkReference(input.reference),
          returnUrl: input.returnUrl,
          userFlow: 'WEB_REDIRECT',
          paymentDescription: description,
        },
      });
      const answer = (body ?? {}) as { redirectUrl?: unknown; reference?: unknown };
      if (typeof answer.redirectUrl !== 'string' || answer.redirectUrl === '')
        throw new ProviderError('provider_bad_response', 'The new payment has no redirectUrl');
      return { reference: input.reference, redirectUrl: answer.redirectUrl };
    },

    async getPayment(reference) {
      const { body } = await callVipps(settings, {
        method: 'GET',
        path: `${base}/${checkReference(reference)}`,
      });
      return readPayment(body);
    },

    async getPaymentEvents(reference) {
      const { body } = await callVipps(settings, {
        method: 'GET',
        path: `${base}/${checkReference(reference)}/events`,
      });
      if (!Array.isArray(body))
        throw new ProviderError('provider_bad_response', 'The event log is not a list');
      return body.map((entry): PaymentEvent => {
        const reading = readPaymentEvent(entry);
        if (!reading.ok) throw new ProviderError('provider_bad_response', reading.reason);
        return reading.event;
      });
    },

    async capturePayment(reference, amount, idempotencyKey) {
      const { body } = await callVipps(settings, {
        method: 'POST',
        path: `${base}/${checkReference(reference)}/capture`,
        idempotencyKey,
        body: { modificationAmount: amountBody(amount, false) },
      });
      return readPayment(body);
    },

    async cancelPayment(reference, idempotencyKey) {
      const { body } = await callVipps(settings, {
        method: 'POST',
        path: `${base}/${checkReference(reference)}/cancel`,
        idempotencyKey,
      });
      return readPayment(body);
    },

    async refundPayment(reference, amount, idempotencyKey) {
      const { body } = await callVipps(settings, {
        method: 'POST',
        path: `${base}/${checkReference(reference)}/refund`,
        idempotencyKey,
        body: { modificationAmount: amountBody(amount, false) },
      });
      return readPayment(body);
    },
  };
}
