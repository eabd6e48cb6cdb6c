// The checkout's rules in the database (docs/decisions/1042): start_checkout prices and holds,
// the same key answers the same order, a free order is confirmed at once, only the payer's own
// invoices can be paid, an expired hold frees its places, two buyers of the last place never
// both get it, and provider events move a payment once: replayed, late or out-of-order events
// change nothing, an unknown reference and a wrong amount become exceptions for the treasurer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { makeBuyers } from './support/buyers';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let f: ReturnType<typeof billingFixture>;
let buyers: string[];

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

type Answer = { order_id: string; total_ore: number; currency: string; expires_at: string; status: string };

const start = async (user: string, items: unknown[], key: string) =>
  (
    await world.asUser<{ answer: Answer }>(user, 'select start_checkout($1, $2::jsonb, $3) as answer', [
      world.communityA,
      JSON.stringify(items),
      key,
    ])
  )[0]!.answer;

const pay = async (user: string, orderId: string, method = 'mobilepay') =>
  (
    await world.asUser<{
      p: { payment_id: string; reference: string; amount_ore: number; idempotency_key: string };
    }>(user, 'select checkout_payment($1, $2) as p', [orderId, method])
  )[0]!.p;

let eventSeq = 0;
/** A provider event as the webhook function hands it on (readPaymentEvent's shape). */
const event = (reference: string, name: string, ore: number, currency = 'DKK') => {
  eventSeq += 1;
  return {
    reference,
    pspReference: `psp-${eventSeq}`,
    name,
    amount: { ore, currency },
    occurredAt: new Date().toISOString(),
    success: true,
    idempotencyKey: null,
    eventKey: `vipps:${reference}:${name}:psp-${eventSeq}`,
  };
};

const record = async (payload: object) =>
  (
    await world.as<{ r: { outcome: string; action: string } }>(
      'service',
      'select record_payment_event($1, $2::jsonb) as r',
      [world.communityA, JSON.stringify(payload)],
    )
  )[0]!.r;

const order = (id: string) =>
  world.db
    .query<{ payment_status: string; amount_ore: number; paid_at: string | null }>(
      'select payment_status, amount_ore, paid_at from orders where id = $1',
      [id],
    )
    .then((r) => r.rows[0]!);

const activePlaces = (ticket: string) =>
  world.db
    .query<{ n: string }>(
      `select coalesce(sum(quantity), 0)::text as n from ticket_purchases where ticket_id = $1 and status = 'active'`,
      [ticket],
    )
    .then((r) => Number(r.rows[0]!.n));

async function ticket(limit: number | null, price: number): Promise<string> {
  const ev = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Sommerfest', now() + interval '10 days', now() + interval '10 days 5 hours', 'published', 'members')
     returning id`,
    [world.communityA],
  );
  return one(
    `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Voksen', $3, $4)
     returning id`,
    [world.communityA, ev, limit, price],
  );
}

beforeAll(async () => {
  world = await createWorld();
  f = billingFixture(world);
  buyers = await makeBuyers(world.db, world.communityA, 6);
});
afterAll(async () => {
  await world?.close();
});

describe('start_checkout', () => {
  it('prices tickets and holds the places; the same key answers the same order', async () => {
    const t = await ticket(10, 15000);
    const first = await start(buyers[0]!, [{ kind: 'ticket', ticket_id: t, quantity: 2 }], 'key-1');
    expect(first).toMatchObject({ total_ore: 30000, currency: 'DKK', status: 'pending' });
    const minutes = (Date.parse(first.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await activePlaces(t)).toBe(2);
    const again = await start(buyers[0]!, [{ kind: 'ticket', ticket_id: t, quantity: 2 }], 'key-1');
    expect(again).toEqual(first);
    expect(await activePlaces(t)).toBe(2);
  });

  it('confirms a free order at once', async () => {
    const t = await ticket(null, 0);
    const answer = await start(buyers[0]!, [{ kind: 'ticket', ticket_id: t }], 'free-1');
    expect(answer).toMatchObject({ total_ore: 0, status: 'paid' });
  });

  it('refuses the signed-out, other people’s invoices and malformed items', async () => {
    const t = await ticket(null, 5000);
    expect(
      await failureOf(
        world.asUser(null, 'select start_checkout($1, $2::jsonb, $3)', [
          world.communityA,
          JSON.stringify([{ kind: 'ticket', ticket_id: t }]),
          'anon-1',
        ]),
      ),
    ).toBe('42501'); // anon may not call it at all
    const stranger = await f.account('Fremmed Frida');
    const invoice = await f.draft(stranger, [{ description: 'Kontingent', unitPriceOre: 50000 }]);
    await f.issue(invoice);
    expect(await failureOf(start(buyers[1]!, [{ kind: 'invoice', invoice_id: invoice }], 'theirs-1'))).toBe(
      'invoice_not_found',
    );
    expect(await failureOf(start(buyers[1]!, [{ kind: 'bike' }], 'bad-1'))).toBe('invalid_items');
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: 'x' }], 'bad-2'))).toBe(
      'invalid_items',
    );
    // A refused checkout holds nothing.
    expect(await activePlaces(t)).toBe(0);
  });

  it('frees the places of an expired hold for the next buyer', async () => {
    const t = await ticket(1, 10000);
    const held = await start(buyers[2]!, [{ kind: 'ticket', ticket_id: t }], 'hold-1');
    expect(await failureOf(start(buyers[3]!, [{ kind: 'ticket', ticket_id: t }], 'hold-2'))).toBe('sold_out');
    await world.db.query(`update orders set expires_at = now() - interval '1 second' where id = $1`, [
      held.order_id,
    ]);
    const next = await start(buyers[3]!, [{ kind: 'ticket', ticket_id: t }], 'hold-3');
    expect(next.status).toBe('pending');
    expect(await order(held.order_id)).toMatchObject({ payment_status: 'expired' });
    expect(await activePlaces(t)).toBe(1);
    expect(await failureOf(pay(buyers[2]!, held.order_id))).toBe('order_not_payable');
  });

  it('refuses a sold-out ticket up front, yet answers a repeated key and keeps the refusals that came first', async () => {
    const t = await ticket(1, 10000);
    const held = await start(buyers[0]!, [{ kind: 'ticket', ticket_id: t }], 'first-1');
    expect(await start(buyers[0]!, [{ kind: 'ticket', ticket_id: t }], 'first-1')).toEqual(held);
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t }], 'first-2'))).toBe(
      'sold_out',
    );
    expect(
      await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t, quantity: 11 }], 'first-3')),
    ).toBe('invalid_quantity');
    expect(
      await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t, add_ons: {} }], 'first-4')),
    ).toBe('invalid_addons');
    await world.db.query(`update tickets set join_closes_at = now() - interval '1 hour' where id = $1`, [t]);
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t }], 'first-5'))).toBe(
      'sales_closed',
    );
    // The same sale rules as buy_ticket (app_private.ticket_sale_refusal) come before sold out.
    await world.db.query(
      `update tickets set join_closes_at = null, join_opens_at = now() + interval '1 hour' where id = $1`,
      [t],
    );
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t }], 'first-5b'))).toBe(
      'sales_not_open',
    );
    await world.db.query(`update tickets set join_opens_at = null where id = $1`, [t]);
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t }], 'first-5c'))).toBe(
      'sold_out',
    );
    // Another community's ticket is no ticket here, sold out or not.
    const elsewhere = await one(
      `insert into events (community_id, title, starts_at, ends_at, status, visibility)
       values ($1, 'Andetsteds', now() + interval '10 days', now() + interval '10 days 5 hours', 'published', 'public')
       returning id`,
      [world.communityB],
    );
    const theirs = await one(
      `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Voksen', 1, 0)
       returning id`,
      [world.communityB, elsewhere],
    );
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: theirs }], 'first-6'))).toBe(
      'ticket_not_found',
    );
    expect(await activePlaces(t)).toBe(1);
    await world.db.query(
      `update events set status = 'cancelled' where id = (select event_id from tickets where id = $1)`,
      [t],
    );
    expect(await failureOf(start(buyers[1]!, [{ kind: 'ticket', ticket_id: t }], 'first-7'))).toBe(
      'event_cancelled',
    );
  });

  it('gives the last place to one of two concurrent checkouts', async () => {
    const t = await ticket(1, 10000);
    const results = await Promise.all(
      [buyers[4]!, buyers[5]!].map((u, i) =>
        failureOf(start(u, [{ kind: 'ticket', ticket_id: t }], `last-${i}`)),
      ),
    );
    expect(results.sort()).toEqual(['sold_out', 'succeeded']);
    expect(await activePlaces(t)).toBe(1);
  });
});

describe('provider events', () => {
  it('capture on authorised, paid once on captured; the invoice is paid and the ledger balanced', async () => {
    const member = world.memberOf.memberA!;
    const account = await f.account('Mette Jensen', { kind: 'member', member_id: member });
    const invoice = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 37500 }]);
    await f.issue(invoice);
    const t = await ticket(5, 12500);
    const user = world.users.memberA;
    const answer = await start(
      user,
      [
        { kind: 'invoice', invoice_id: invoice },
        { kind: 'ticket', ticket_id: t },
      ],
      'mixed-1',
    );
    expect(answer.total_ore).toBe(50000);
    const p = await pay(user, answer.order_id);
    expect(p.reference).toMatch(/^o[0-9a-f]{32}-1$/);
    expect(p.idempotency_key).toBe(`co-${answer.order_id.replaceAll('-', '')}-1`);
    // Asked again, the same payment.
    expect((await pay(user, answer.order_id)).payment_id).toBe(p.payment_id);

    const authorized = event(p.reference, 'AUTHORIZED', 50000);
    expect(await record(authorized)).toMatchObject({ outcome: 'capture', action: 'capture' });
    // The same notification again: nothing new, but the capture is still asked for until done.
    expect(await record(authorized)).toMatchObject({ outcome: 'duplicate', action: 'capture' });
    const done = await world.as<{ r: { outcome: string } }>('service', 'select complete_payment($1) as r', [
      p.payment_id,
    ]);
    expect(done[0]!.r.outcome).toBe('paid');
    expect(await record(authorized)).toMatchObject({ outcome: 'duplicate', action: 'none' });
    // The provider's own captured event and a late AUTHORIZED with another psp reference.
    expect(await record(event(p.reference, 'CAPTURED', 50000))).toMatchObject({ outcome: 'no_change' });
    expect(await record(event(p.reference, 'AUTHORIZED', 50000))).toMatchObject({ outcome: 'no_change' });
    expect(await record(event(p.reference, 'CANCELLED', 50000))).toMatchObject({ outcome: 'no_change' });

    expect(await order(answer.order_id)).toMatchObject({ payment_status: 'paid' });
    expect(await f.invoice(invoice)).toMatchObject({ status: 'paid', paid_ore: '37500' });
    expect(await activePlaces(t)).toBe(1);
    const ledger = await world.db.query<{ kind: string; amount_ore: string }>(
      `select kind, amount_ore::text from ledger_entries where order_id = $1 order by seq`,
      [answer.order_id],
    );
    expect(ledger.rows).toEqual([
      { kind: 'charge', amount_ore: '12500' },
      { kind: 'payment', amount_ore: '-12500' },
    ]);
    const balances = await world.db.query<{ balance_ore: string }>(
      `select balance_ore::text from payer_balances where account_id = $1`,
      [account],
    );
    expect(balances.rows).toEqual([{ balance_ore: '0' }]);

    // A refund the provider refuses: the ticket stays, the treasurer sees it, a new request may follow.
    const purchase = (
      await world.db.query<{ purchase_id: string }>(
        `select purchase_id from order_lines where order_id = $1 and kind = 'ticket'`,
        [answer.order_id],
      )
    ).rows[0]!.purchase_id;
    const asked = await world.asUser<{ r: { refund_id: string; amount_ore: number; state: string } }>(
      user,
      'select request_ticket_refund($1) as r',
      [purchase],
    );
    expect(asked[0]!.r).toMatchObject({ amount_ore: 12500, state: 'requested' });
    const refused = await world.as<{ r: { state: string } }>(
      'service',
      'select complete_refund($1, false, $2) as r',
      [asked[0]!.r.refund_id, 'provider_rejected: Payment is not captured'],
    );
    expect(refused[0]!.r.state).toBe('failed');
    expect(await activePlaces(t)).toBe(1);
    const failedRefunds = await world.as<{ kind: string; detail: string }>(
      f.admin,
      `select kind, detail from payment_exceptions where kind = 'refund_failed'`,
    );
    expect(failedRefunds).toEqual([
      { kind: 'refund_failed', detail: expect.stringContaining('provider_rejected') as unknown as string },
    ]);
    const retry = await world.asUser<{ r: { refund_id: string; state: string } }>(
      user,
      'select request_ticket_refund($1) as r',
      [purchase],
    );
    expect(retry[0]!.r.refund_id).not.toBe(asked[0]!.r.refund_id);
    // Another member cannot ask for it.
    expect(await failureOf(world.asUser(buyers[0]!, 'select request_ticket_refund($1)', [purchase]))).toBe(
      'purchase_not_found',
    );
  });

  it('records an unknown reference and a wrong amount as exceptions, and releases on abort', async () => {
    expect(await record(event('ounknown0000000000000000000000000000-1', 'AUTHORIZED', 100))).toMatchObject({
      outcome: 'unknown_reference',
      action: 'none',
    });
    const t = await ticket(3, 20000);
    const user = buyers[0]!;
    const answer = await start(user, [{ kind: 'ticket', ticket_id: t }], 'mismatch-1');
    const p = await pay(user, answer.order_id, 'card');
    expect(await record(event(p.reference, 'AUTHORIZED', 19000))).toMatchObject({
      outcome: 'amount_mismatch',
      action: 'cancel',
    });
    expect(await order(answer.order_id)).toMatchObject({ payment_status: 'pending' });
    expect(await record(event(p.reference, 'CANCELLED', 19000))).toMatchObject({ outcome: 'released' });
    expect(await order(answer.order_id)).toMatchObject({ payment_status: 'cancelled' });
    expect(await activePlaces(t)).toBe(0);
    const exceptions = await world.as<{
      kind: string;
      amount_ore: string | null;
      expected_ore: string | null;
    }>(
      f.admin,
      `select kind, amount_ore::text, expected_ore::text from payment_exceptions where kind <> 'refund_failed' order by created_at`,
    );
    expect(exceptions).toEqual([
      { kind: 'unknown_reference', amount_ore: '100', expected_ore: null },
      { kind: 'amount_mismatch', amount_ore: '19000', expected_ore: '20000' },
    ]);
    // Members see none of it; the service role reads no provider keys without a configured provider.
    expect(await world.as('memberA', 'select * from payment_exceptions')).toEqual([]);
  });

  it('cancels an authorisation that arrives after the hold ran out', async () => {
    const t = await ticket(1, 20000);
    const user = buyers[1]!;
    const answer = await start(user, [{ kind: 'ticket', ticket_id: t }], 'late-1');
    const p = await pay(user, answer.order_id);
    await world.db.query(`update orders set expires_at = now() - interval '1 second' where id = $1`, [
      answer.order_id,
    ]);
    expect(await record(event(p.reference, 'AUTHORIZED', 20000))).toMatchObject({
      outcome: 'not_needed',
      action: 'cancel',
    });
    expect(await order(answer.order_id)).toMatchObject({ payment_status: 'expired' });
    expect(await activePlaces(t)).toBe(0);
  });
});

describe('provider credentials', () => {
  it('are stored encrypted, read back only by the service role, never by a client', async () => {
    await world.as(f.admin, 'select save_payment_provider($1, $2::jsonb)', [
      world.communityA,
      JSON.stringify({
        environment: 'test',
        merchant_serial_number: '123456',
        client_id: 'client-id-1',
        client_secret: 'client-secret-1',
        subscription_key: 'subscription-key-1',
        webhook_secret: 'webhook-secret-1',
      }),
    ]);
    const status = await world.as<{ s: Record<string, unknown> }>(
      f.admin,
      'select payment_provider_status($1) as s',
      [world.communityA],
    );
    expect(status[0]!.s).toMatchObject({ configured: true, environment: 'test', webhook_configured: true });
    expect(JSON.stringify(status[0]!.s)).not.toContain('secret-1');
    const stored = await world.db.query<{ raw: string }>(
      `select client_secret_encrypted::text as raw from app_private.payment_provider_credentials where community_id = $1`,
      [world.communityA],
    );
    expect(stored.rows[0]!.raw).not.toContain('client-secret-1');
    expect(
      await failureOf(world.as(f.admin, 'select payment_provider_secrets($1)', [world.communityA])),
    ).toBe('42501');
    const secrets = await world.as<{ s: Record<string, string> }>(
      'service',
      'select payment_provider_secrets($1) as s',
      [world.communityA],
    );
    expect(secrets[0]!.s).toMatchObject({
      client_secret: 'client-secret-1',
      webhook_secret: 'webhook-secret-1',
    });
    expect(
      await failureOf(
        world.as('memberA', 'select save_payment_provider($1, $2::jsonb)', [world.communityA, '{}']),
      ),
    ).toBe('not_allowed');
  });

  it('tell the club’s own members that it takes online payment, and nobody else anything', async () => {
    const available = async (actor: 'memberA' | 'adminB', community: string) =>
      (await world.as<{ ok: boolean }>(actor, 'select online_payment_available($1) as ok', [community]))[0]!
        .ok;
    // Community A has set up the provider (above); B has not.
    expect(await available('memberA', world.communityA)).toBe(true);
    expect(await available('adminB', world.communityB)).toBe(false);
    // Not a member of A: nothing is said about it.
    expect(await available('adminB', world.communityA)).toBe(false);
    expect(await failureOf(world.as('anon', 'select online_payment_available($1)', [world.communityA]))).toBe(
      '42501',
    );
  });
});
