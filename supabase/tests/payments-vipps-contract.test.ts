// Contract tests of the Vipps MobilePay adapter: every request the adapter sends goes to
// Prism serving the provider's official specs (support/vipps-prism.ts) and must validate,
// i.e. Prism's answer carries no `sl-violations`. Prism keeps no state, so these tests prove
// the shape of what we send and that we read the spec's answers; payment states are driven
// by signed webhooks in the webhook tests.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ProviderError,
  type PaymentProvider,
  type RecurringProvider,
} from '../functions/_shared/payments/payment-provider';
import { createVippsEPayment } from '../functions/_shared/payments/vipps-epayment';
import { callVipps, forgetVippsTokens } from '../functions/_shared/payments/vipps-http';
import { createVippsRecurring } from '../functions/_shared/payments/vipps-recurring';
import { deleteWebhook, listWebhooks, registerWebhook } from '../functions/_shared/payments/vipps-webhooks';
import {
  resolveVippsSettings,
  vippsSettingsFor,
  type VippsSettings,
} from '../functions/_shared/payments/vipps-settings';
import { startPrism, startVippsPrism, vendor, type VippsPrism } from './support/vipps-prism';

let prism: VippsPrism;
let settings: VippsSettings;
let payments: PaymentProvider;
let recurring: RecurringProvider;

// Test keys in the shapes the portal shows (client id is a GUID, MSN 4–6 digits).
const credentials = {
  clientId: 'fb492b5e-7907-4d83-ba20-c7fb60ca35de',
  clientSecret: 'test-client-secret',
  subscriptionKey: '0f14ebcab0ec4b29ae0cb90d91b4a84a',
  merchantSerialNumber: '123456',
};

beforeAll(async () => {
  prism = await startVippsPrism();
  settings = {
    credentials,
    environment: 'test',
    baseUrlOverride: prism.origin,
    timeoutMs: 10_000,
    systemVersion: '0.1.0',
  };
  const resolved = resolveVippsSettings(settings);
  payments = createVippsEPayment(resolved);
  recurring = createVippsRecurring(resolved);
}, 120_000);

afterAll(async () => {
  await prism?.stop();
});

beforeEach(() => {
  prism.calls.length = 0;
  forgetVippsTokens();
});

// Prism also checks its own answers against the spec, and four of the specs' examples break
// their own schemas. These are flaws of the stored documents, not of what we send, and are
// listed here exactly so that any other answer-side violation still fails the test.
const exampleFlaws: [RegExp, string[]][] = [
  [
    /^POST \/accesstoken\/get$/,
    [
      'response.body.expires_in: Response body property expires_in must be string',
      'response.body.ext_expires_in: Response body property ext_expires_in must be string',
      'response.body.expires_on: Response body property expires_on must be string',
      'response.body.not_before: Response body property not_before must be string',
      'response.body.access_token: Response body property access_token must match pattern "^[\\w\\d+\\/=]*$"',
      'response.body.access_token: Response body property access_token must match format "byte"',
    ],
  ],
  // PaymentEvent requires `paymentAction`, a property it never defines (the action is `name`).
  [
    /^GET \/epayment\/v1\/payments\/[^/]+\/events$/,
    ["response.body.0: Response body property 0 must have required property 'paymentAction'"],
  ],
  [
    /^POST \/recurring\/v3\/agreements$/,
    ['response.body.chargeId: Response body property chargeId must match pattern "^[a-zA-Z0-9-]{1,50}$"'],
  ],
  [
    /^POST \/recurring\/v3\/agreements\/[^/]+\/charges$/,
    ['response.body.chargeId: Response body property chargeId must NOT have more than 15 characters'],
  ],
];

/** Every call the adapter made in this test validated against its spec. */
function expectAllValid(expectedCalls: number) {
  expect(prism.calls).toHaveLength(expectedCalls);
  for (const call of prism.calls) {
    const operation = `${call.method} ${call.path}`;
    const said = (side: string) =>
      call.violations
        .filter((v) => v.location[0] === side)
        .map((v) => `${v.location.join('.')}: ${v.message}`);
    // What we sent: no violation at all.
    expect({ operation, request: said('request') }).toEqual({ operation, request: [] });
    // What Prism answered: only the spec's own known example flaws.
    const known = exampleFlaws.find(([pattern]) => pattern.test(operation))?.[1] ?? [];
    expect({ operation, response: said('response') }).toEqual({ operation, response: known });
    expect(call.violations.every((v) => v.location[0] === 'request' || v.location[0] === 'response')).toBe(
      true,
    );
    expect(call.status).toBeLessThan(300);
  }
}

describe('Vipps MobilePay access token', () => {
  it('fetches the token once with the merchant keys and reuses it', async () => {
    await payments.getPayment('order-0001-abcd');
    await payments.getPayment('order-0002-abcd');
    expect(prism.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /accesstoken/get',
      'GET /epayment/v1/payments/order-0001-abcd',
      'GET /epayment/v1/payments/order-0002-abcd',
    ]);
    expectAllValid(3);
  });
});

describe('ePayment', () => {
  it('creates MobilePay and card payments that validate against the spec', async () => {
    const wallet = await payments.createPayment({
      reference: '6f1d6c1e-6a43-4a8e-9d0f-2a7c1b9e5d10',
      amount: { ore: 37_500, currency: 'DKK' },
      method: 'mobilepay',
      returnUrl: 'https://club.example/app/orders/6f1d6c1e?paid=1',
      description: 'Kontingent 2027',
      idempotencyKey: 'pay-6f1d6c1e-6a43-4a8e-9d0f-2a7c1b9e5d10',
    });
    expect(wallet.reference).toBe('6f1d6c1e-6a43-4a8e-9d0f-2a7c1b9e5d10');
    expect(wallet.redirectUrl).toMatch(/^https:\/\//);
    await payments.createPayment({
      reference: 'card-payment-0001',
      amount: { ore: 20_000, currency: 'DKK' },
      method: 'card',
      returnUrl: 'https://club.example/app/orders/x',
      description: 'Banebooking',
      idempotencyKey: 'pay-card-payment-0001',
    });
    expectAllValid(3);
  });

  it('reads, captures (partly), refunds (partly) and cancels a payment', async () => {
    const read = await payments.getPayment('order-0001-abcd');
    expect(['created', 'aborted', 'expired', 'authorized', 'terminated']).toContain(read.state);
    expect(Number.isInteger(read.authorized.ore)).toBe(true);
    const captured = await payments.capturePayment(
      'order-0001-abcd',
      { ore: 10_000, currency: 'DKK' },
      'cap-1',
    );
    expect(typeof captured.pspReference).toBe('string');
    await payments.refundPayment('order-0001-abcd', { ore: 2_500, currency: 'DKK' }, 'ref-1');
    await payments.cancelPayment('order-0001-abcd', 'cancel-1');
    expectAllValid(5);
    // The caller's keys reach the provider unchanged, so a retry after a time-out is one capture.
    expect(prism.calls.map((c) => c.headers['idempotency-key'])).toEqual([
      undefined,
      undefined,
      'cap-1',
      'ref-1',
      'cancel-1',
    ]);
  });

  it('sends the headers the provider wants on every call', async () => {
    await payments.capturePayment('order-0001-abcd', { ore: 100, currency: 'DKK' }, 'cap-2');
    const [token, capture] = prism.calls;
    const system = {
      'merchant-serial-number': '123456',
      'ocp-apim-subscription-key': '0f14ebcab0ec4b29ae0cb90d91b4a84a',
      'vipps-system-name': 'club-platform',
      'vipps-system-version': '0.1.0',
      'vipps-system-plugin-name': 'club-payments',
      'vipps-system-plugin-version': '1.0.0',
    };
    expect(token!.headers).toMatchObject({
      ...system,
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
    });
    expect(token!.headers.authorization).toBeUndefined();
    expect(capture!.headers).toMatchObject({
      ...system,
      'idempotency-key': 'cap-2',
      'content-type': 'application/json',
    });
    expect(capture!.headers.authorization).toMatch(/^Bearer \S/);
    // The client secret goes only to the token call.
    expect(capture!.headers.client_secret).toBeUndefined();
    expectAllValid(2);
  });

  it('turns the provider refusing a call into a ProviderError with its problem text', async () => {
    await payments.getPayment('order-0001-abcd');
    prism.preferNext('code=409');
    const refusal = await payments
      .refundPayment('order-0001-abcd', { ore: 100, currency: 'DKK' }, 'ref-2')
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect(refusal).toMatchObject({ code: 'provider_conflict', status: 409, retryable: false });
    expect((refusal as Error).message).toContain(
      'Vipps MobilePay refused POST /epayment/v1/payments/order-0001-abcd/refund (409)',
    );
  });

  it('refuses input the provider would reject before sending anything', async () => {
    const attempts = [
      () =>
        payments.createPayment({
          reference: 'short',
          amount: { ore: 100, currency: 'DKK' },
          method: 'card',
          returnUrl: 'https://club.example',
          description: 'Billet',
          idempotencyKey: 'k1',
        }),
      () =>
        payments.createPayment({
          reference: 'long-enough-1',
          amount: { ore: 0, currency: 'DKK' },
          method: 'card',
          returnUrl: 'https://club.example',
          description: 'Billet',
          idempotencyKey: 'k1',
        }),
      () => payments.refundPayment('long-enough-1', { ore: 100, currency: 'DKK' }, 'has/slash'),
      () => payments.getPayment('../../accesstoken/get'),
    ];
    for (const attempt of attempts) {
      await expect(attempt()).rejects.toMatchObject({ code: 'provider_invalid_input' });
    }
    expect(prism.calls).toEqual([]);
  });
});

describe('Recurring', () => {
  it('drafts a DKK agreement, reads it and stops it', async () => {
    const agreement = await recurring.createAgreement({
      amount: { ore: 15_000, currency: 'DKK' },
      interval: { unit: 'MONTH', count: 1 },
      productName: 'Holdkontingent U13',
      redirectUrl: 'https://club.example/app/agreements/done',
      manageUrl: 'https://club.example/app/agreements',
      externalId: 'fee-4711',
      idempotencyKey: 'agr-0d3c7a52-6f0e-4d1b-9b47-4b1f1a2c9e11',
    });
    expect(agreement.agreementId).not.toBe('');
    expect(agreement.confirmationUrl).toMatch(/^https:\/\//);
    const read = await recurring.getAgreement('agr_5kSeqz');
    expect(['pending', 'active', 'stopped', 'expired']).toContain(read.status);
    await recurring.stopAgreement('agr_5kSeqz', 'stop-agr-5kSeqz');
    expectAllValid(4);
  });

  it('creates, reads, captures, refunds and cancels a charge', async () => {
    const { chargeId } = await recurring.createCharge('agr_5kSeqz', {
      amount: { ore: 15_000, currency: 'DKK' },
      description: 'Kontingent januar',
      due: '2030-12-31',
      retryDays: 5,
      orderId: 'charge-7d2e0a90-1b2c',
      idempotencyKey: 'chg-7d2e0a90-1b2c',
    });
    expect(chargeId).not.toBe('');
    const charge = await recurring.getCharge('agr_5kSeqz', 'chr-123ab');
    expect(charge.amount.ore).toBeGreaterThan(0);
    await recurring.captureCharge(
      'agr_5kSeqz',
      'chr-123ab',
      { ore: 5_000, currency: 'DKK' },
      'Delvis',
      'cap-chr',
    );
    await recurring.refundCharge(
      'agr_5kSeqz',
      'chr-123ab',
      { ore: 2_500, currency: 'DKK' },
      'Refusion',
      'ref-chr',
    );
    await recurring.cancelCharge('agr_5kSeqz', 'chr-123ab', 'cancel-chr');
    expectAllValid(6);
  });
});

describe('what Prism proves', () => {
  it('a request without the required headers is reported, so a clean answer means something', async () => {
    await callVipps(resolveVippsSettings(settings), {
      method: 'GET',
      path: '/epayment/v1/payments/order-0001-abcd',
    });
    const response = await fetch(`${prism.origin}/epayment/v1/payments`, {
      method: 'POST',
      headers: { authorization: 'Bearer x', 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'order-0001-abcd' }),
    });
    expect(response.status).toBe(400);
    const last = prism.calls.at(-1)!;
    expect(last.violations.map((v) => v.message).join('\n')).toMatch(
      /amount|Merchant-Serial-Number|Idempotency-Key/,
    );
  });
});

describe('time limits', () => {
  it('gives up on a provider that does not answer, as a retryable time-out', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = createVippsEPayment(
        resolveVippsSettings({ ...settings, baseUrlOverride: `http://127.0.0.1:${port}`, timeoutMs: 200 }),
      );
      await expect(slow.getPayment('order-0001-abcd')).rejects.toMatchObject({
        code: 'provider_timeout',
        retryable: true,
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('says the keys are wrong when the token call is refused', async () => {
    prism.preferNext('code=401');
    await expect(payments.getPayment('order-0001-abcd')).rejects.toMatchObject({
      code: 'provider_auth_failed',
    });
  });

  it("uses the environment's origin unless the operator overrides it", () => {
    expect(vippsSettingsFor(credentials, 'test', {}).baseUrl).toBe('https://apitest.vipps.no');
    expect(vippsSettingsFor(credentials, 'production', {}).baseUrl).toBe('https://api.vipps.no');
    expect(
      vippsSettingsFor(credentials, 'production', { PAYMENTS_VIPPS_BASE_URL: prism.origin }),
    ).toMatchObject({
      baseUrl: prism.origin,
      timeoutMs: 10_000,
    });
    expect(() => vippsSettingsFor(credentials, 'test', { PAYMENTS_PROVIDER_TIMEOUT_MS: 'soon' })).toThrow(
      /time-out/,
    );
  });

  it('refuses settings that cannot work, with what to fix', () => {
    expect(() =>
      resolveVippsSettings({ ...settings, credentials: { ...credentials, merchantSerialNumber: '12' } }),
    ).toThrow(/merchant serial number/);
    expect(() => resolveVippsSettings({ ...settings, baseUrlOverride: 'ftp://x' })).toThrow(/http/);
  });
});

describe('event log and webhook registrations', () => {
  it("reads a payment's event log in our names", async () => {
    const events = await payments.getPaymentEvents('order-0001-abcd');
    for (const event of events) {
      expect(event.eventKey).toBe(`vipps:${event.reference}:${event.name}:${event.pspReference}`);
    }
    expectAllValid(2);
  });

  it('registers, lists and deletes the webhook', async () => {
    const settingsForHooks = resolveVippsSettings(settings);
    const registration = await registerWebhook(
      settingsForHooks,
      'https://club.example/functions/v1/payment-webhook?community=2b1f0c4e-7a8d-4e54-9a51-7d5b8c9e0f12',
    );
    expect(registration.secret).not.toBe('');
    const hooks = await listWebhooks(settingsForHooks);
    expect(Array.isArray(hooks)).toBe(true);
    await deleteWebhook(settingsForHooks, '7bbd6ea0-3b3c-4a3e-8b8c-6c9f2b0e4a11');
    expectAllValid(4);
    await expect(registerWebhook(settingsForHooks, 'http://club.example/hook')).rejects.toMatchObject({
      code: 'provider_invalid_input',
    });
  });
});

describe('the DKK gap of the stored Recurring spec', () => {
  it('the unchanged spec refuses a DKK agreement, which is why the test copy adds DKK', async () => {
    const stored = await startPrism(`${vendor}/recurring/openapi.yaml`);
    try {
      const response = await fetch(`http://127.0.0.1:${stored.port}/recurring/v3/agreements`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer token',
          'content-type': 'application/json',
          'ocp-apim-subscription-key': credentials.subscriptionKey,
          'merchant-serial-number': credentials.merchantSerialNumber,
          'idempotency-key': 'dkk-gap-1',
        },
        body: JSON.stringify({
          pricing: { type: 'LEGACY', amount: 15_000, currency: 'DKK' },
          interval: { unit: 'MONTH', count: 1 },
          merchantRedirectUrl: 'https://club.example/done',
          merchantAgreementUrl: 'https://club.example/agreements',
          productName: 'Holdkontingent',
        }),
      });
      expect(response.status).toBe(422);
      expect(response.headers.get('sl-violations')).toContain('pricing');
    } finally {
      stored.child.kill('SIGTERM');
    }
  }, 60_000);
});
