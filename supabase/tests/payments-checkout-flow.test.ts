// The checkout end to end through the platform (docs/decisions/1042): a signed-in member calls
// start_checkout, the checkout function creates the ePayment through the adapter against
// Prism serving the official specs (every request validates), and notifications signed exactly
// as the provider signs them drive the order: AUTHORIZED captures and pays it (ticket kept,
// ledger entries written), a replay changes nothing, a wrong signature is 401, an unknown
// reference and a wrong amount are exceptions for the treasurer.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { startTestPlatform, type TestPlatform } from '../../apps/server/tests/support/test-platform';
import { signWebhook } from '../functions/_shared/payments/vipps-webhook-signature';
import { startVippsPrism, type VippsPrism } from './support/vipps-prism';

let prism: VippsPrism;
let platform: TestPlatform;
let envDir: string;
let community: string;
let member: SupabaseClient;
const webhookSecret = 'test-webhook-secret-' + crypto.randomBytes(8).toString('hex');

const one = async (sql: string, params: unknown[] = []) =>
  (await platform.db.query<{ id: string }>(sql, params)).rows[0]!.id;

async function ticket(limit: number | null, price: number): Promise<string> {
  const event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Sommerfest', now() + interval '10 days', now() + interval '10 days 5 hours', 'published', 'members')
     returning id`,
    [community],
  );
  return one(
    `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Voksen', $3, $4)
     returning id`,
    [community, event, limit, price],
  );
}

async function checkout(ticketId: string, key: string, method: 'mobilepay' | 'card' = 'mobilepay') {
  const started = await member.rpc('start_checkout', {
    p_community_id: community,
    p_items: [{ kind: 'ticket', ticket_id: ticketId, quantity: 1 }],
    p_idempotency_key: key,
  });
  expect(started.error).toBeNull();
  const order = started.data as { order_id: string; total_ore: number; status: string };
  const paid = await member.functions.invoke('checkout', {
    body: { order_id: order.order_id, method, return_url: 'https://app.example.dk/betaling/retur' },
  });
  expect(paid.error).toBeNull();
  return { order, payment: paid.data as { redirect_url: string; payment_reference: string } };
}

const webhookUrl = () => new URL(`${platform.url}/functions/v1/payments-webhook?c=${community}`);

let psp = 0;
/** A notification as the provider sends it: the ePayment PaymentEvent, signed. */
async function notify(
  reference: string,
  name: string,
  ore: number,
  options: { secret?: string; body?: string } = {},
) {
  psp += 1;
  const body =
    options.body ??
    JSON.stringify({
      msn: '123456',
      reference,
      pspReference: `psp-${psp}-${crypto.randomBytes(4).toString('hex')}`,
      name,
      amount: { currency: 'DKK', value: ore },
      timestamp: new Date().toISOString(),
      idempotencyKey: null,
      success: true,
    });
  const url = webhookUrl();
  const headers = signWebhook({
    secret: options.secret ?? webhookSecret,
    url,
    date: new Date().toUTCString(),
    rawBody: body,
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  return {
    status: response.status,
    body: (await response.json()) as { outcome?: string; reason?: string },
    raw: body,
  };
}

const orderState = async (id: string) =>
  (
    await platform.db.query<{ payment_status: string }>('select payment_status from orders where id = $1', [
      id,
    ])
  ).rows[0]!.payment_status;

/** What Prism saw since the last look; every request the code sent matched the spec. */
function takeCalls(): string[] {
  const calls = prism.calls.splice(0);
  for (const call of calls) {
    const operation = `${call.method} ${call.path}`;
    expect({ operation, request: call.violations.filter((v) => v.location[0] === 'request') }).toEqual({
      operation,
      request: [],
    });
  }
  // Access-token calls (validated above) depend on which function worker runs, so they are not listed.
  return calls
    .map((c) => `${c.method} ${c.path.replace(/\/payments\/[^/]+/, '/payments/{reference}')}`)
    .filter((call) => call !== 'POST /accesstoken/get');
}

beforeAll(async () => {
  prism = await startVippsPrism();
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-flow-'));
  fs.writeFileSync(path.join(envDir, '.env'), `PAYMENTS_VIPPS_BASE_URL=${prism.origin}\n`);
  // The provider calls without a user token: the webhook is a public function (verify_jwt = false).
  platform = await startTestPlatform({
    FUNCTIONS_ENV_FILE: path.join(envDir, '.env'),
    FUNCTIONS_PUBLIC: 'payments-webhook',
  });
  community = await one(`insert into communities (slug, name) values ('betal-if', 'Betal IF') returning id`);
  const service = platform.adminClient();
  const email = `betaler.${crypto.randomBytes(3).toString('hex')}@example.dk`;
  const created = await service.auth.admin.createUser({
    email,
    password: 'Betaling-2026!',
    email_confirm: true,
  });
  expect(created.error).toBeNull();
  await platform.db.query(
    `insert into members (community_id, user_id, first_name, last_name, email) values ($1, $2, 'Bente', 'Betaler', $3)`,
    [community, created.data.user!.id, email],
  );
  const saved = await service.rpc('save_payment_provider', {
    p_community_id: community,
    p_settings: {
      environment: 'test',
      merchant_serial_number: '123456',
      client_id: 'test-client-id',
      client_secret: 'test-client-secret',
      subscription_key: 'test-subscription-key',
      webhook_secret: webhookSecret,
    },
  });
  expect(saved.error).toBeNull();
  member = platform.client();
  const signIn = await member.auth.signInWithPassword({ email, password: 'Betaling-2026!' });
  expect(signIn.error).toBeNull();
}, 120_000);
afterAll(async () => {
  await platform?.stop();
  await prism?.stop();
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

describe('checkout and payments-webhook', () => {
  it('pays a ticket: checkout creates the ePayment, AUTHORIZED captures it, the order is paid once', async () => {
    const t = await ticket(1, 25000);
    prism.calls.length = 0;
    const { order, payment } = await checkout(t, 'flow-1');
    expect(order).toMatchObject({ total_ore: 25000, status: 'pending' });
    expect(payment.payment_reference).toBe(`o${order.order_id.replaceAll('-', '')}-1`);
    expect(payment.redirect_url).toMatch(/^https:\/\//);
    expect(takeCalls()).toEqual(['POST /epayment/v1/payments']);
    // Asked again: the same payment, no second call to the provider.
    const again = await member.functions.invoke('checkout', {
      body: {
        order_id: order.order_id,
        method: 'mobilepay',
        return_url: 'https://app.example.dk/betaling/retur',
      },
    });
    expect(again.data).toEqual(payment);
    expect(takeCalls()).toEqual([]);

    const authorized = await notify(payment.payment_reference, 'AUTHORIZED', 25000);
    expect(authorized).toMatchObject({ status: 200, body: { outcome: 'paid' } });
    expect(takeCalls()).toEqual(['POST /epayment/v1/payments/{reference}/capture']);
    expect(await orderState(order.order_id)).toBe('paid');
    const ledger = await platform.db.query<{ kind: string; amount_ore: string }>(
      'select kind, amount_ore::text from ledger_entries where order_id = $1 order by seq',
      [order.order_id],
    );
    expect(ledger.rows).toEqual([
      { kind: 'charge', amount_ore: '25000' },
      { kind: 'payment', amount_ore: '-25000' },
    ]);

    // The same notification again, and the provider's CAPTURED after it: nothing changes.
    const replay = await notify(payment.payment_reference, 'AUTHORIZED', 25000, { body: authorized.raw });
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'duplicate' } });
    expect(await notify(payment.payment_reference, 'CAPTURED', 25000)).toMatchObject({
      status: 200,
      body: { outcome: 'no_change' },
    });
    expect(takeCalls()).toEqual([]);
    const after = await platform.db.query<{ n: string }>(
      'select count(*)::text as n from ledger_entries where order_id = $1',
      [order.order_id],
    );
    expect(after.rows[0]!.n).toBe('2');
    const held = await platform.db.query<{ n: string }>(
      `select count(*)::text as n from ticket_purchases where ticket_id = $1 and status = 'active'`,
      [t],
    );
    expect(held.rows[0]!.n).toBe('1');
  });

  it('refunds the paid ticket through the adapter: ticket cancelled, ledger shows the refund', async () => {
    const paidOrder = (
      await platform.db.query<{ id: string; purchase_id: string }>(
        `select o.id, l.purchase_id from orders o join order_lines l on l.order_id = o.id
          where o.community_id = $1 and o.payment_status = 'paid' and o.idempotency_key = 'flow-1'`,
        [community],
      )
    ).rows[0]!;
    prism.calls.length = 0;
    const refunded = await member.functions.invoke('checkout', {
      body: { action: 'refund', purchase_id: paidOrder.purchase_id },
    });
    expect(refunded.error).toBeNull();
    expect(refunded.data).toMatchObject({ state: 'refunded' });
    expect(takeCalls()).toEqual(['POST /epayment/v1/payments/{reference}/refund']);
    // Asked again: the same refund, no second call.
    const again = await member.functions.invoke('checkout', {
      body: { action: 'refund', purchase_id: paidOrder.purchase_id },
    });
    expect(again.data).toMatchObject({ state: 'refunded' });
    expect(takeCalls()).toEqual([]);
    const purchase = await platform.db.query<{ status: string }>(
      'select status from ticket_purchases where id = $1',
      [paidOrder.purchase_id],
    );
    expect(purchase.rows[0]!.status).toBe('cancelled');
    const ledger = await platform.db.query<{ kind: string; amount_ore: string }>(
      'select kind, amount_ore::text from ledger_entries where order_id = $1 order by seq',
      [paidOrder.id],
    );
    expect(ledger.rows).toEqual([
      { kind: 'charge', amount_ore: '25000' },
      { kind: 'payment', amount_ore: '-25000' },
      { kind: 'credit', amount_ore: '-25000' },
      { kind: 'refund', amount_ore: '25000' },
    ]);
  });

  it('answers 401 to a wrong signature and records nothing', async () => {
    const before = await platform.db.query<{ n: string }>('select count(*)::text as n from payment_events');
    const forged = await notify('oforged00000000000000000000000000-1', 'AUTHORIZED', 100, {
      secret: 'not-the-secret',
    });
    expect(forged).toMatchObject({ status: 401, body: { reason: 'bad_signature' } });
    const after = await platform.db.query<{ n: string }>('select count(*)::text as n from payment_events');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('records an unknown reference and a wrong amount as exceptions; the wrong amount is cancelled, not captured', async () => {
    expect(await notify('ounknown0000000000000000000000000-1', 'AUTHORIZED', 100)).toMatchObject({
      status: 200,
      body: { outcome: 'unknown_reference' },
    });
    const t = await ticket(null, 30000);
    const { order, payment } = await checkout(t, 'flow-mismatch', 'card');
    takeCalls();
    expect(await notify(payment.payment_reference, 'AUTHORIZED', 29000)).toMatchObject({
      status: 200,
      body: { outcome: 'amount_mismatch' },
    });
    expect(takeCalls()).toEqual(['POST /epayment/v1/payments/{reference}/cancel']);
    expect(await orderState(order.order_id)).toBe('pending');
    const exceptions = await platform.db.query<{ kind: string; reference: string }>(
      'select kind, reference from payment_exceptions where community_id = $1 order by created_at',
      [community],
    );
    expect(exceptions.rows).toEqual([
      { kind: 'unknown_reference', reference: 'ounknown0000000000000000000000000-1' },
      { kind: 'amount_mismatch', reference: payment.payment_reference },
    ]);
    // The provider then reports it cancelled: the hold is released.
    expect(await notify(payment.payment_reference, 'CANCELLED', 29000)).toMatchObject({
      status: 200,
      body: { outcome: 'released' },
    });
    expect(await orderState(order.order_id)).toBe('cancelled');
  });

  it('tells the member why an order cannot be paid', async () => {
    const error = (
      await member.functions.invoke('checkout', {
        body: { order_id: crypto.randomUUID(), method: 'card', return_url: 'https://app.example.dk/retur' },
      })
    ).error;
    expect(error).toBeInstanceOf(FunctionsHttpError);
    const response = (error as FunctionsHttpError).context as Response;
    expect(response.status).toBe(404);
    expect(((await response.json()) as { reason: string }).reason).toBe('order_not_found');
  });
});
