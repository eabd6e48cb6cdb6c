// What the payment functions need from a provider, in the platform's own words (øre, our
// states, our error codes). Vipps MobilePay is the first implementation; a card acquirer such
// as Stripe or QuickPay is expected next (issue 35), which is why this is an interface and
// not plain functions (decision 1040). Nothing here knows about the database: the edge
// functions pass in references and idempotency keys that the database made, so a retried
// call after a time-out is the same call to the provider.

export type Currency = 'DKK' | 'NOK' | 'EUR';

/** Money in minor units (øre) with its currency, as the house rules require. */
export interface Money {
  readonly ore: number;
  readonly currency: Currency;
}

/** How the member pays a one-off payment: the MobilePay app or the provider's card page. */
export type PaymentMethod = 'mobilepay' | 'card';

export interface CreatePaymentInput {
  /** Our payment id; the provider's reference (8–50 of [a-zA-Z0-9-]). */
  readonly reference: string;
  readonly amount: Money;
  readonly method: PaymentMethod;
  /** Where the provider sends the member back (https or an app scheme). */
  readonly returnUrl: string;
  /** Shown to the member in the app and on the settlement (3–100 characters). */
  readonly description: string;
  /** Stable per logical call (1–40 of [A-Za-z0-9-_.]), so a retry is not a second payment. */
  readonly idempotencyKey: string;
}

export interface CreatedPayment {
  readonly reference: string;
  readonly redirectUrl: string;
}

/** The provider's view of a one-off payment, mapped to our names. */
export type ProviderPaymentState = 'created' | 'aborted' | 'expired' | 'authorized' | 'terminated';

export interface ProviderPayment {
  readonly reference: string;
  readonly state: ProviderPaymentState;
  readonly pspReference: string;
  readonly authorized: Money;
  readonly captured: Money;
  readonly refunded: Money;
  readonly cancelled: Money;
}

export interface CreateAgreementInput {
  readonly amount: Money;
  readonly interval: { readonly unit: 'YEAR' | 'MONTH' | 'WEEK' | 'DAY'; readonly count: number };
  /** Up to 45 characters, shown in the app. */
  readonly productName: string;
  readonly redirectUrl: string;
  /** The member's page where the agreement can be managed (https). */
  readonly manageUrl: string;
  readonly externalId?: string;
  readonly idempotencyKey: string;
}

export interface CreatedAgreement {
  readonly agreementId: string;
  readonly confirmationUrl: string;
}

export type ProviderAgreementStatus = 'pending' | 'active' | 'stopped' | 'expired';

export interface ProviderAgreement {
  readonly agreementId: string;
  readonly status: ProviderAgreementStatus;
  readonly productName: string;
}

export interface CreateChargeInput {
  readonly amount: Money;
  /** Shown in the app (1–45 characters). */
  readonly description: string;
  /** The day the member is charged, YYYY-MM-DD (the provider wants it days ahead). */
  readonly due: string;
  readonly retryDays: number;
  /** Our charge id, unique per merchant ([a-zA-Z0-9-], up to 50). */
  readonly orderId: string;
  readonly idempotencyKey: string;
}

export type ProviderChargeStatus =
  | 'pending'
  | 'due'
  | 'reserved'
  | 'charged'
  | 'partially_captured'
  | 'failed'
  | 'cancelled'
  | 'partially_refunded'
  | 'refunded'
  | 'processing';

export interface ProviderCharge {
  readonly chargeId: string;
  readonly agreementId: string;
  readonly status: ProviderChargeStatus;
  readonly amount: Money;
  readonly due: string;
}

/** One event of a one-off payment (a webhook notification or an entry of its event log). */
export type PaymentEventName =
  'created' | 'aborted' | 'expired' | 'cancelled' | 'captured' | 'refunded' | 'authorized' | 'terminated';

export interface PaymentEvent {
  readonly reference: string;
  readonly pspReference: string;
  readonly name: PaymentEventName;
  readonly amount: Money;
  /** ISO 8601, as the provider sent it. */
  readonly occurredAt: string;
  readonly success: boolean;
  /** Our key of the call that caused the event (capture, refund…), when there was one. */
  readonly idempotencyKey: string | null;
  /**
   * The same for the same event however often it is delivered: the provider gives each event
   * its own pspReference, and the name and reference are added so that two providers'
   * events can never share one.
   */
  readonly eventKey: string;
}

/** One-off payments: create, read, capture, cancel, refund (partial amounts allowed). */
export interface PaymentProvider {
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  getPayment(reference: string): Promise<ProviderPayment>;
  /** The payment's event log, for the reconciliation job when a webhook was lost. */
  getPaymentEvents(reference: string): Promise<PaymentEvent[]>;
  capturePayment(reference: string, amount: Money, idempotencyKey: string): Promise<ProviderPayment>;
  cancelPayment(reference: string, idempotencyKey: string): Promise<ProviderPayment>;
  refundPayment(reference: string, amount: Money, idempotencyKey: string): Promise<ProviderPayment>;
}

/** Payment by agreement: the member approves once, the club charges each period. */
export interface RecurringProvider {
  readonly name: string;
  createAgreement(input: CreateAgreementInput): Promise<CreatedAgreement>;
  getAgreement(agreementId: string): Promise<ProviderAgreement>;
  stopAgreement(agreementId: string, idempotencyKey: string): Promise<void>;
  createCharge(agreementId: string, input: CreateChargeInput): Promise<{ chargeId: string }>;
  getCharge(agreementId: string, chargeId: string): Promise<ProviderCharge>;
  captureCharge(
    agreementId: string,
    chargeId: string,
    amount: Money,
    description: string,
    idempotencyKey: string,
  ): Promise<void>;
  refundCharge(
    agreementId: string,
    chargeId: string,
    amount: Money,
    description: string,
    idempotencyKey: string,
  ): Promise<void>;
  cancelCharge(agreementId: string, chargeId: string, idempotencyKey: string): Promise<void>;
}

/**
 * Why a provider call failed, in codes the functions map to their own answers and the
 * treasurer's exceptions list. `retryable` says whether the same call (same idempotency key)
 * may be sent again. The message never holds a credential.
 */
export type ProviderErrorCode =
  | 'provider_timeout'
  | 'provider_unreachable'
  | 'provider_auth_failed'
  | 'provider_rejected'
  | 'provider_conflict'
  | 'provider_not_found'
  | 'provider_failed'
  | 'provider_bad_response'
  | 'provider_invalid_input';

export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
