// Payment by agreement through the Vipps MobilePay Recurring API v3: the member approves an
// agreement once (LEGACY pricing: a fixed amount per interval), and the fee run creates each
// period's charge ahead of its due date. The spec is
// ../shared/vendor/payments/vipps-mobilepay/recurring (see the contract test for its DKK gap).
import {
  ProviderError,
  type CreateAgreementInput,
  type CreateChargeInput,
  type Currency,
  type Money,
  type ProviderAgreementStatus,
  type ProviderChargeStatus,
  type RecurringProvider,
} from './payment-provider';
import { callVipps } from './vipps-http';
import type { ResolvedVippsSettings } from './vipps-settings';

// Agreement and charge ids are the provider's (agr_…, chr_…/chg_…); we only refuse what
// would change the path.
const providerIdPattern = /^[A-Za-z0-9_-]{1,64}$/;
const orderIdPattern = /^[a-zA-Z0-9-]{1,50}$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const currencies: readonly Currency[] = ['DKK', 'NOK', 'EUR'];

const agreementStatuses: Readonly<Record<string, ProviderAgreementStatus>> = {
  PENDING: 'pending',
  ACTIVE: 'active',
  STOPPED: 'stopped',
  EXPIRED: 'expired',
};

function checkId(id: string, what: string): string {
  if (!providerIdPattern.test(id)) throw new ProviderError('provider_invalid_input', `Not a ${what} id`);
  return encodeURIComponent(id);
}

// Recurring amounts start at 1 kr. (100 øre) in the spec.
function checkAmount(amount: Money): number {
  if (!currencies.includes(amount.currency))
    throw new ProviderError('provider_invalid_input', `Vipps MobilePay does not take ${amount.currency}`);
  if (!Number.isInteger(amount.ore) || amount.ore < 100 || amount.ore > 2_000_000_000)
    throw new ProviderError('provider_invalid_input', 'A recurring amount is at least 100 øre');
  return amount.ore;
}

function checkText(text: string, max: number, what: string): string {
  const value = text.trim();
  if (value.length < 1 || value.length > max)
    throw new ProviderError('provider_invalid_input', `${what} is 1 to ${max} characters`);
  return value;
}

export function createVippsRecurring(settings: ResolvedVippsSettings): RecurringProvider {
  const agreements = '/recurring/v3/agreements';
  return {
    name: 'vipps_mobilepay',

    async createAgreement(input: CreateAgreementInput) {
      const { body } = await callVipps(settings, {
        method: 'POST',
        path: agreements,
        idempotencyKey: input.idempotencyKey,
        body: {
          pricing: { type: 'LEGACY', amount: checkAmount(input.amount), currency: input.amount.currency },
          interval: { unit: input.interval.unit, count: input.interval.count },
          merchantRedirectUrl: input.redirectUrl,
          merchantAgreementUrl: input.manageUrl,
          productName: checkText(input.productName, 45, 'A product name'),
          ...(input.externalId ? { externalId: checkText(input.externalId, 64, 'An external id') } : {}),
        },
      });
      const answer = (body ?? {}) as { agreementId?: unknown; vippsConfirmationUrl?: unknown };
      if (typeof answer.agreementId !== 'string' || typeof answer.vippsConfirmationUrl !== 'string')
        throw new ProviderError('provider_bad_response', 'The new agreement has no id or confirmation URL');
      return { agreementId: answer.agreementId, confirmationUrl: answer.vippsConfirmationUrl };
    },

    async getAgreement(agreementId) {
      const { body } = await callVipps(settings, {
        method: 'GET',
        path: `${agreements}/${checkId(agreementId, 'agreement')}`,
      });
      const answer = (body ?? {}) as { id?: unknown; status?: unknown; productName?: unknown };
      const status = typeof answer.status === 'string' ? agreementStatuses[answer.status] : undefined;
      if (typeof answer.id !== 'string' || !status)
        throw new ProviderError('provider_bad_response', 'The agreement answer has no id or status');
      return {
        agreementId: answer.id,
        status,
        productName: typeof answer.productName === 'string' ? answer.productName : '',
      };
    },

    async stopAgreement(agreementId, idempotencyKey) {
      await callVipps(settings, {
        method: 'PATCH',
        path: `${agreements}/${checkId(agreementId, 'agreement')}`,
        idempotencyKey,
        body: { status: 'STOPPED' },
      });
    },

    async createCharge(agreementId, input: CreateChargeInput) {
      if (!datePattern.test(input.due))
        throw new ProviderError('provider_invalid_input', 'A due date is YYYY-MM-DD');
      if (!Number.isInteger(input.retryDays) || input.retryDays < 0 || input.retryDays > 14)
        throw new ProviderError('provider_invalid_input', 'Retry days are 0 to 14');
      if (!orderIdPattern.test(input.orderId))
        throw new ProviderError(
          'provider_invalid_input',
          'A charge order id is 1 to 50 of a-z, A-Z, 0-9 and -',
        );
      const { body } = await callVipps(settings, {
        method: 'POST',
        path: `${agreements}/${checkId(agreementId, 'agreement')}/charges`,
        idempotencyKey: input.idempotencyKey,
        body: {
          amount: checkAmount(input.amount),
          transactionType: 'DIRECT_CAPTURE',
          description: checkText(input.description, 45, 'A charge description'),
          due: input.due,
          retryDays: input.retryDays,
          orderId: input.orderId,
        },
      });
      const chargeId = (body as { chargeId?: unknown } | undefined)?.chargeId;
      if (typeof chargeId !== 'string')
        throw new ProviderError('provider_bad_response', 'The new charge has no chargeId');
      return { chargeId };
    },

    async getCharge(agreementId, chargeId) {
      const { body } = await callVipps(settings, {
        method: 'GET',
        path: `${agreements}/${checkId(agreementId, 'agreement')}/charges/${checkId(chargeId, 'charge')}`,
      });
      const answer = (body ?? {}) as Record<string, unknown>;
      const status = typeof answer.status === 'string' ? answer.status.toLowerCase() : '';
      const known: readonly string[] = [
        'pending',
        'due',
        'reserved',
        'charged',
        'partially_captured',
        'failed',
        'cancelled',
        'partially_refunded',
        'refunded',
        'processing',
      ];
      if (
        typeof answer.id !== 'string' ||
        !known.includes(status) ||
        typeof answer.amount !== 'number' ||
        !currencies.includes(answer.currency as Currency)
      )
        throw new ProviderError('provider_bad_response', 'The charge answer has no id, status or amount');
      return {
        chargeId: answer.id,
        agreementId: typeof answer.agreementId === 'string' ? answer.agreementId : agreementId,
        status: status as ProviderChargeStatus,
        amount: { ore: answer.amount, currency: answer.currency as Currency },
        due: typeof answer.due === 'string' ? answer.due : '',
      };
    },

    async captureCharge(agreementId, chargeId, amount, description, idempotencyKey) {
      await callVipps(settings, {
        method: 'POST',
        path: `${agreements}/${checkId(agreementId, 'agreement')}/charges/${checkId(chargeId, 'charge')}/capture`,
        idempotencyKey,
        body: { amount: checkAmount(amount), description: checkText(description, 100, 'A description') },
      });
    },

    async refundCharge(agreementId, chargeId, amount, description, idempotencyKey) {
      await callVipps(settings, {
        method: 'POST',
        path: `${agreements}/${checkId(agreementId, 'agreement')}/charges/${checkId(chargeId, 'charge')}/refund`,
        idempotencyKey,
        body: { amount: checkAmount(amount), description: checkText(description, 100, 'A description') },
      });
    },

    async cancelCharge(agreementId, chargeId, idempotencyKey) {
      await callVipps(settings, {
        method: 'DELETE',
        path: `${agreements}/${checkId(agreementId, 'agreement')}/charges/${checkId(chargeId, 'charge')}`,
        idempotencyKey,
      });
    },
  };
}
