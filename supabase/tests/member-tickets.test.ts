// A member's own tickets (decision 1033): my_ticket_codes gives signed codes for the person's own
// active tickets only; ticket_from_code accepts exactly those codes and refuses altered, forged,
// malformed and cancelled ones; the refund rule is one rule for cancelling and refunding; and a
// ticket paid online cannot be cancelled without its refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from './support/buyers';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let buyers: string[];

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

async function ticket(community: string, price: number, refundCloses: string | null = null): Promise<string> {
  const ev = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Standerhejsning', now() + interval '10 days', now() + interval '10 days 3 hours', 'published', 'members')
     returning id`,
    [community],
  );
  return one(
    `insert into tickets (community_id, event_id, name, price_ore, refund_closes_at)
     values ($1, $2, 'Voksen', $3, $4) returning id`,
    [community, ev, price, refundCloses],
  );
}

const checkout = async (user: string, ticketId: string, key: string, community = world.communityA) =>
  (
    await world.asUser<{ a: { order_id: string; status: string } }>(
      user,
      'select start_checkout($1, $2::jsonb, $3) as a',
      [community, JSON.stringify([{ kind: 'ticket', ticket_id: ticketId }]), key],
    )
  )[0]!.a;

const purchaseOf = async (orderId: string) =>
  (
    await world.db.query<{ purchase_id: string }>(
      `select purchase_id from order_lines where order_id = $1 and kind = 'ticket'`,
      [orderId],
    )
  ).rows[0]!.purchase_id;

const codes = (user: string, community = world.communityA) =>
  world.asUser<{ purchase_id: string; code: string }>(
    user,
    'select purchase_id, code from my_ticket_codes($1)',
    [community],
  );

const fromCode = async (code: string | null) =>
  (
    await world.as<{ id: string | null }>('service', 'select app_private.ticket_from_code($1) as id', [code])
  )[0]!.id;

beforeAll(async () => {
  world = await createWorld();
  buyers = await makeBuyers(world.db, world.communityA, 3);
});
afterAll(async () => {
  await world?.close();
});

describe('ticket codes', () => {
  it('are signed, the buyer’s own, and name exactly their purchase', async () => {
    const t = await ticket(world.communityA, 0);
    const purchase = await purchaseOf((await checkout(buyers[0]!, t, 'free-a')).order_id);
    const mine = await codes(buyers[0]!);
    expect(mine).toEqual([
      { purchase_id: purchase, code: expect.stringMatching(/^KT1\.[0-9a-f]{32}\.[0-9a-f]{20}$/) },
    ]);
    const code = mine[0]!.code;
    expect(code.split('.')[1]).toBe(purchase.replaceAll('-', ''));
    // Asked again, the same code.
    expect((await codes(buyers[0]!))[0]!.code).toBe(code);
    expect(await fromCode(code)).toBe(purchase);

    // Another member, a member of another community and a signed-out caller see none of it.
    expect(await codes(buyers[1]!)).toEqual([]);
    expect(await world.as('adminB', 'select * from my_ticket_codes($1)', [world.communityA])).toEqual([]);
    expect(await failureOf(world.as('anon', 'select * from my_ticket_codes($1)', [world.communityA]))).toBe(
      '42501',
    );
    // Nobody but the service role can check a code or read the secrets.
    expect(await failureOf(world.as('memberA', 'select app_private.ticket_from_code($1)', [code]))).toBe(
      '42501',
    );
    expect(await failureOf(world.as('ownerA', 'select * from app_private.ticket_code_keys'))).toBe('42501');
  });

  it('refuses altered, forged, malformed and cancelled codes', async () => {
    const t = await ticket(world.communityA, 0);
    const purchase = await purchaseOf((await checkout(buyers[2]!, t, 'free-c')).order_id);
    const code = (await codes(buyers[2]!)).find((c) => c.purchase_id === purchase)!.code;
    const signature = code.split('.')[2]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(await fromCode(`KT1.${purchase.replaceAll('-', '')}.${flipped}`)).toBeNull();
    // Another purchase's id under this purchase's signature.
    const other = (await codes(buyers[0]!))[0]!;
    expect(await fromCode(`KT1.${other.purchase_id.replaceAll('-', '')}.${signature}`)).toBeNull();
    // An id that is no purchase, and text that is no code.
    expect(await fromCode(`KT1.${'0'.repeat(32)}.${signature}`)).toBeNull();
    for (const bad of ['', 'KT1', code.toUpperCase(), `${code} `, `KT2.${code.slice(4)}`, null])
      expect(await fromCode(bad)).toBeNull();
    // A code from another community's secret does not pass as this one's.
    const tb = await ticket(world.communityB, 0);
    const bo = await checkout(world.users.adminB, tb, 'free-b', world.communityB);
    const codeB = (await codes(world.users.adminB, world.communityB))[0]!.code;
    expect(await fromCode(codeB)).toBe(await purchaseOf(bo.order_id));
    expect(codeB.split('.')[2]).not.toBe(signature);

    // Cancelled: no longer among the member's codes (the scanner sees the state itself).
    await world.asUser(buyers[2]!, 'select cancel_ticket($1)', [purchase]);
    expect((await codes(buyers[2]!)).map((c) => c.purchase_id)).not.toContain(purchase);
  });
});

describe('cancelling a ticket', () => {
  it('is refused after the refund date, for free and paid tickets alike', async () => {
    const t = await ticket(world.communityA, 0, new Date(Date.now() - 3600_000).toISOString());
    const purchase = await purchaseOf((await checkout(buyers[1]!, t, 'late-1')).order_id);
    expect(await failureOf(world.asUser(buyers[1]!, 'select cancel_ticket($1)', [purchase]))).toBe(
      'refund_window_closed',
    );
    expect(await failureOf(world.asUser(buyers[1]!, 'select request_ticket_refund($1)', [purchase]))).toBe(
      'refund_window_closed',
    );
    // An event administrator may still cancel it.
    expect(await failureOf(world.as('eventAdminA', 'select cancel_ticket($1)', [purchase]))).toBe(
      'succeeded',
    );
  });

  it('paid online is refused: the money goes back through a refund', async () => {
    const t = await ticket(world.communityA, 15000);
    const answer = await checkout(buyers[1]!, t, 'paid-1');
    const purchase = await purchaseOf(answer.order_id);
    // Held but not paid yet: the member may drop it.
    const pending = await ticket(world.communityA, 15000);
    const held = await purchaseOf((await checkout(buyers[1]!, pending, 'held-1')).order_id);
    expect(await failureOf(world.asUser(buyers[1]!, 'select cancel_ticket($1)', [held]))).toBe('succeeded');

    const p = (
      await world.asUser<{ p: { payment_id: string; reference: string } }>(
        buyers[1]!,
        'select checkout_payment($1, $2) as p',
        [answer.order_id, 'mobilepay'],
      )
    )[0]!.p;
    await world.as('service', 'select record_payment_event($1, $2::jsonb)', [
      world.communityA,
      JSON.stringify({
        reference: p.reference,
        pspReference: 'psp-t1',
        name: 'AUTHORIZED',
        amount: { ore: 15000, currency: 'DKK' },
        occurredAt: new Date().toISOString(),
        success: true,
        idempotencyKey: null,
        eventKey: `vipps:${p.reference}:AUTHORIZED:psp-t1`,
      }),
    ]);
    await world.as('service', 'select complete_payment($1)', [p.payment_id]);
    for (const actor of [buyers[1]!, world.users.eventAdminA])
      expect(await failureOf(world.asUser(actor, 'select cancel_ticket($1)', [purchase]))).toBe(
        'paid_online',
      );
    const state = await world.db.query<{ status: string }>(
      'select status from ticket_purchases where id = $1',
      [purchase],
    );
    expect(state.rows[0]!.status).toBe('active');
    const refund = await world.asUser<{ r: { amount_ore: number; state: string } }>(
      buyers[1]!,
      'select request_ticket_refund($1) as r',
      [purchase],
    );
    expect(refund[0]!.r).toMatchObject({ amount_ore: 15000, state: 'requested' });
  });
});
