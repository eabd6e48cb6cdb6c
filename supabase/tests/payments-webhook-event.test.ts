// Reading a Vipps MobilePay ePayment event (webhook body or event-log entry): the Webhooks
// API guide's sample notification, and every malformed field refused with a reason.
import { describe, expect, it } from 'vitest';
import { readPaymentEvent } from '../functions/_shared/payments/vipps-payment-event';

// The callback example of the Webhooks API guide.
const sample = {
  msn: '98765',
  reference: '4b2cde7acc0e4eaf86d32616d14e0cd1',
  pspReference: 'be62b9dafadc4448bc1e18ec2fee2fb3',
  name: 'CAPTURED',
  amount: { value: 100, currency: 'NOK' },
  timestamp: '2023-07-29T10:23:23.9547273Z',
  idempotencyKey: '425e20e63ea0402893179467c450bc2d',
  success: true,
};

describe('Vipps MobilePay payment events', () => {
  it("reads the guide's sample notification", () => {
    expect(readPaymentEvent(sample)).toEqual({
      ok: true,
      event: {
        reference: '4b2cde7acc0e4eaf86d32616d14e0cd1',
        pspReference: 'be62b9dafadc4448bc1e18ec2fee2fb3',
        name: 'captured',
        amount: { ore: 100, currency: 'NOK' },
        occurredAt: '2023-07-29T10:23:23.9547273Z',
        success: true,
        idempotencyKey: '425e20e63ea0402893179467c450bc2d',
        eventKey: 'vipps:4b2cde7acc0e4eaf86d32616d14e0cd1:captured:be62b9dafadc4448bc1e18ec2fee2fb3',
      },
    });
  });

  it('gives one key to one event however often it comes, and another to the next event', () => {
    const first = readPaymentEvent(sample);
    const again = readPaymentEvent(JSON.parse(JSON.stringify(sample)));
    const refund = readPaymentEvent({ ...sample, name: 'REFUNDED', pspReference: 'c0ffee00c0ffee00' });
    expect(first.ok && again.ok && first.event.eventKey === again.event.eventKey).toBe(true);
    expect(first.ok && refund.ok && first.event.eventKey !== refund.event.eventKey).toBe(true);
  });

  it('keeps an event without an idempotency key (one the member caused)', () => {
    const reading = readPaymentEvent({ ...sample, name: 'AUTHORIZED', idempotencyKey: null });
    expect(reading).toMatchObject({ ok: true, event: { name: 'authorized', idempotencyKey: null } });
  });

  it('refuses every malformed field with a reason', () => {
    const cases: [unknown, string][] = [
      [null, 'The event is not a JSON object'],
      [[sample], 'The event is not a JSON object'],
      [{ ...sample, reference: 'short' }, 'The event has no valid reference'],
      [{ ...sample, reference: '../../x/y/zzzz' }, 'The event has no valid reference'],
      [{ ...sample, pspReference: '' }, 'The event has no pspReference'],
      [{ ...sample, name: 'PAID' }, 'The event has an unknown name'],
      [{ ...sample, amount: { value: '100', currency: 'NOK' } }, 'The event has no valid amount'],
      [{ ...sample, amount: { value: 1.5, currency: 'NOK' } }, 'The event has no valid amount'],
      [{ ...sample, amount: { value: -1, currency: 'NOK' } }, 'The event has no valid amount'],
      [{ ...sample, amount: { value: 100, currency: 'SEK' } }, 'The event has no valid amount'],
      [{ ...sample, timestamp: 'yesterday' }, 'The event has no valid timestamp'],
      [{ ...sample, success: 'true' }, 'The event does not say whether it succeeded'],
    ];
    for (const [raw, reason] of cases) expect(readPaymentEvent(raw)).toEqual({ ok: false, reason });
  });
});
