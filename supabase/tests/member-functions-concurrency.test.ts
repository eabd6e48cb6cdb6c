// Member-side functions under contention: many members calling at once through their own
// request transactions (a pool of connections on PostgreSQL) must never exceed a capacity,
// and every refusal names its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyers } from './support/buyers';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let buyers: string[];

const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

async function publishedEvent(): Promise<string> {
  return one(
    `insert into events (community_id, title, starts_at, ends_at, status, visibility)
     values ($1, 'Julefrokost', now() + interval '10 days', now() + interval '10 days 5 hours', 'published', 'members')
     returning id`,
    [world.communityA],
  );
}

beforeAll(async () => {
  world = await createWorld();
  buyers = await makeBuyers(world.db, world.communityA, 50);
});
afterAll(async () => {
  await world?.close();
});

async function settle(calls: Promise<unknown>[]): Promise<{ ok: number; reasons: Record<string, number> }> {
  const results = await Promise.all(calls.map((c) => failureOf(c)));
  const reasons: Record<string, number> = {};
  for (const r of results) reasons[r] = (reasons[r] ?? 0) + 1;
  return { ok: reasons.succeeded ?? 0, reasons };
}

/** Active places sold of a ticket type, and its free stock rows (decision 1073). */
const placesLeft = async (ticket: string) =>
  (
    await world.db.query<{ sold: number; free: number }>(
      `select (select coalesce(sum(quantity), 0)::int from ticket_purchases where ticket_id = $1 and status = 'active') as sold,
              (select count(*)::int from app_private.ticket_stock where ticket_id = $1) as free`,
      [ticket],
    )
  ).rows[0]!;

describe('buy_ticket', () => {
  it('sells exactly ten of ten seats to fifty concurrent buyers; the others hear sold_out', async () => {
    const event = await publishedEvent();
    const ticket = await one(
      `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, 'Voksen', 10, 25000)
       returning id`,
      [world.communityA, event],
    );
    const outcome = await settle(buyers.map((u) => world.asUser(u, 'select buy_ticket($1) as id', [ticket])));
    expect(outcome.reasons).toEqual({ succeeded: 10, sold_out: 40 });
    const sold = await world.db.query<{ n: string; total: string }>(
      `select sum(quantity)::text as n, sum(total_ore)::text as total from ticket_purchases where ticket_id = $1 and status = 'active'`,
      [ticket],
    );
    expect(sold.rows[0]).toEqual({ n: '10', total: '250000' });
  });

  it('never oversells an add-on option and keeps within min/max per person', async () => {
    const event = await publishedEvent();
    const ticket = await one(
      `insert into tickets (community_id, event_id, name, price_ore) values ($1, $2, 'Fri', 0) returning id`,
      [world.communityA, event],
    );
    const addon = await one(
      `insert into event_addons (community_id, event_id, name, min_per_person, max_per_person) values ($1, $2, 'Mad', 1, 2)
       returning id`,
      [world.communityA, event],
    );
    const option = await one(
      `insert into addon_options (community_id, addon_id, title, price_ore, capacity) values ($1, $2, 'Buffet', 9500, 7)
       returning id`,
      [world.communityA, addon],
    );
    const addons = JSON.stringify([{ option_id: option, quantity: 1 }]);
    const outcome = await settle(
      buyers
        .slice(0, 20)
        .map((u) => world.asUser(u, 'select buy_ticket($1, 1, $2::jsonb) as id', [ticket, addons])),
    );
    expect(outcome.reasons).toEqual({ succeeded: 7, addon_sold_out: 13 });
    const taken = await world.db.query<{ n: string }>(
      'select sum(quantity)::text as n from purchase_addons where option_id = $1',
      [option],
    );
    expect(taken.rows[0]!.n).toBe('7');
    // Below the minimum and above the maximum per person.
    expect(await failureOf(world.asUser(buyers[30]!, 'select buy_ticket($1)', [ticket]))).toBe(
      'addon_quantity_invalid',
    );
    expect(
      await failureOf(
        world.asUser(buyers[30]!, 'select buy_ticket($1, 1, $2::jsonb)', [
          ticket,
          JSON.stringify([{ option_id: option, quantity: 3 }]),
        ]),
      ),
    ).toBe('addon_quantity_invalid');
    expect(
      await failureOf(
        world.asUser(buyers[30]!, 'select buy_ticket($1, 1, $2::jsonb)', [
          ticket,
          JSON.stringify([{ option_id: '00000000-0000-0000-0000-000000000001', quantity: 1 }]),
        ]),
      ),
    ).toBe('addon_option_not_found');
    expect(
      await failureOf(world.asUser(buyers[30]!, 'select buy_ticket($1, 1, $2::jsonb)', [ticket, '{"x":1}'])),
    ).toBe('invalid_addons');
  });

  it('refuses outside the join window, for cancelled and draft events, and for non-members', async () => {
    const event = await publishedEvent();
    const later = await one(
      `insert into tickets (community_id, event_id, name, join_opens_at) values ($1, $2, 'Senere', now() + interval '1 day')
       returning id`,
      [world.communityA, event],
    );
    const closed = await one(
      `insert into tickets (community_id, event_id, name, join_closes_at) values ($1, $2, 'Lukket', now() - interval '1 hour')
       returning id`,
      [world.communityA, event],
    );
    expect(await failureOf(world.asUser(buyers[0]!, 'select buy_ticket($1)', [later]))).toBe(
      'sales_not_open',
    );
    expect(await failureOf(world.asUser(buyers[0]!, 'select buy_ticket($1)', [closed]))).toBe('sales_closed');
    expect(await failureOf(world.asUser(buyers[0]!, 'select buy_ticket($1, 0)', [later]))).toBe(
      'invalid_quantity',
    );
    expect(await failureOf(world.as('adminB', 'select buy_ticket($1)', [later]))).toBe('ticket_not_found');
    expect(await failureOf(world.as('anon', 'select buy_ticket($1)', [later]))).toBe('42501');
    const draft = await one(
      `insert into events (community_id, title, starts_at) values ($1, 'Kladde', now() + interval '5 days') returning id`,
      [world.communityA],
    );
    const draftTicket = await one(
      `insert into tickets (community_id, event_id, name) values ($1, $2, 'X') returning id`,
      [world.communityA, draft],
    );
    expect(await failureOf(world.asUser(buyers[0]!, 'select buy_ticket($1)', [draftTicket]))).toBe(
      'ticket_not_found',
    );
    expect(await failureOf(world.as('eventAdminA', 'select buy_ticket($1)', [draftTicket]))).toBe(
      'event_not_published',
    );
    await world.db.query(`update events set status = 'cancelled' where id = $1`, [event]);
    expect(await failureOf(world.asUser(buyers[0]!, 'select buy_ticket($1)', [closed]))).toBe(
      'event_cancelled',
    );
  });

  it('cancels a ticket inside the refund window only', async () => {
    const event = await publishedEvent();
    const open = await one(
      `insert into tickets (community_id, event_id, name, refund_closes_at) values ($1, $2, 'Åben', now() + interval '1 day')
       returning id`,
      [world.communityA, event],
    );
    const strict = await one(
      `insert into tickets (community_id, event_id, name, refund_closes_at) values ($1, $2, 'Streng', now() - interval '1 minute')
       returning id`,
      [world.communityA, event],
    );
    const [p1] = await world.asUser<{ id: string }>(buyers[1]!, 'select buy_ticket($1) as id', [open]);
    const [p2] = await world.asUser<{ id: string }>(buyers[1]!, 'select buy_ticket($1) as id', [strict]);
    expect(await failureOf(world.asUser(buyers[2]!, 'select cancel_ticket($1)', [p1!.id]))).toBe(
      'purchase_not_found',
    );
    expect(await failureOf(world.asUser(buyers[1]!, 'select cancel_ticket($1)', [p1!.id]))).toBe('succeeded');
    expect(await failureOf(world.asUser(buyers[1]!, 'select cancel_ticket($1)', [p1!.id]))).toBe(
      'already_cancelled',
    );
    expect(await failureOf(world.asUser(buyers[1]!, 'select cancel_ticket($1)', [p2!.id]))).toBe(
      'refund_window_closed',
    );
  });

  // Decision 1073: the places are rows taken without a lock on the ticket; the refusals stay as they were.
  const refusal = async (call: Promise<unknown>) => {
    try {
      await call;
      return 'succeeded';
    } catch (error) {
      const e = error as { message?: string; detail?: string };
      return `${e.message}: ${e.detail}`;
    }
  };

  it('refuses a sold-out purchase with sold_out and the places left, however places came and went', async () => {
    const event = await publishedEvent();
    const ticket = await one(
      `insert into tickets (community_id, event_id, name, participant_limit) values ($1, $2, 'Få', 3) returning id`,
      [world.communityA, event],
    );
    const buy = (buyer: number, quantity = 1) =>
      refusal(world.asUser(buyers[buyer]!, 'select buy_ticket($1, $2) as id', [ticket, quantity]));
    const asAdmin = (sql: string, params: unknown[]) => world.as('eventAdminA', sql, params);
    const [first] = await world.asUser<{ id: string }>(buyers[0]!, 'select buy_ticket($1, 2) as id', [
      ticket,
    ]);
    expect(await buy(1, 2)).toBe('sold_out: Only 1 tickets left');
    const [second] = await world.asUser<{ id: string }>(buyers[1]!, 'select buy_ticket($1) as id', [ticket]);
    expect(await buy(2)).toBe('sold_out: Only 0 tickets left');
    expect(await buy(2, 11)).toBe('invalid_quantity: At most 10 tickets per purchase');
    // Places given back (the buyer cancels) are sold again.
    await world.asUser(buyers[0]!, 'select cancel_ticket($1)', [first!.id]);
    expect(await placesLeft(ticket)).toEqual({ sold: 1, free: 2 });
    expect(await buy(2)).toBe('succeeded');
    // A limit lowered below what is sold: sold out until enough are given back to be under it.
    await asAdmin('update tickets set participant_limit = 1 where id = $1', [ticket]);
    expect(await buy(3)).toBe('sold_out: Only 0 tickets left');
    await world.asUser(buyers[1]!, 'select cancel_ticket($1)', [second!.id]);
    expect(await placesLeft(ticket)).toEqual({ sold: 1, free: 0 });
    expect(await buy(3)).toBe('sold_out: Only 0 tickets left');
    // Raised again, and a purchase written directly by the database owner (support, a data fix)
    // counts too: administrators cannot write purchases (decision 1071).
    await asAdmin('update tickets set participant_limit = 5 where id = $1', [ticket]);
    await world.db.query(
      `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, quantity) values ($1, $2, $3, $4, 2)`,
      [world.communityA, event, ticket, world.memberOf.memberA],
    );
    expect(await placesLeft(ticket)).toEqual({ sold: 3, free: 2 });
    expect(await buy(3, 3)).toBe('sold_out: Only 2 tickets left');
    expect(await buy(3, 2)).toBe('succeeded');
    expect(await buy(4)).toBe('sold_out: Only 0 tickets left');
    // No limit: no places to count.
    await asAdmin('update tickets set participant_limit = null where id = $1', [ticket]);
    expect(await buy(4, 10)).toBe('succeeded');
    expect(await placesLeft(ticket)).toEqual({ sold: 15, free: 0 });
  });

  it('lets a buyer of the last place wait for a purchase in progress: the place if it fails, sold_out if not', async () => {
    const event = await publishedEvent();
    for (const outcome of ['fails', 'commits'] as const) {
      const ticket = await one(
        `insert into tickets (community_id, event_id, name, participant_limit) values ($1, $2, $3, 1) returning id`,
        [world.communityA, event, `Sidste ${outcome}`],
      );
      let taken!: () => void;
      const tookIt = new Promise<void>((resolve) => (taken = resolve));
      const inProgress = world
        .inRequest('memberA', async (tx) => {
          await tx.query('select buy_ticket($1)', [ticket]);
          taken();
          await new Promise((resolve) => setTimeout(resolve, 300));
          if (outcome === 'fails') throw new Error('the payment failed');
          return 'committed';
        })
        .catch((error: Error) => error.message);
      await tookIt;
      const waiting = refusal(world.asUser(buyers[0]!, 'select buy_ticket($1) as id', [ticket]));
      expect(await inProgress).toBe(outcome === 'fails' ? 'the payment failed' : 'committed');
      expect(await waiting).toBe(outcome === 'fails' ? 'succeeded' : 'sold_out: Only 0 tickets left');
      expect(await placesLeft(ticket)).toEqual({ sold: 1, free: 0 });
    }
  });

  it('sells exactly the places there are to buyers at once while places are given back and the limit raised', async () => {
    const event = await publishedEvent();
    const ticket = await one(
      `insert into tickets (community_id, event_id, name, participant_limit) values ($1, $2, 'Trængsel', 20) returning id`,
      [world.communityA, event],
    );
    const early: string[] = [];
    for (const buyer of buyers.slice(0, 10))
      early.push((await world.asUser<{ id: string }>(buyer, 'select buy_ticket($1) as id', [ticket]))[0]!.id);
    const outcome = await settle([
      ...buyers
        .slice(10)
        .map((u, i) => world.asUser(u, 'select buy_ticket($1, $2) as id', [ticket, 1 + (i % 2)])),
      ...early.map((id, i) => world.asUser(buyers[i]!, 'select cancel_ticket($1)', [id])),
      world.as('eventAdminA', 'update tickets set participant_limit = 30 where id = $1', [ticket]),
      ...[1, 2, 3].map((n) =>
        world.as('eventAdminA', 'select add_event_participant($1, $2, 1, null, $3, $4)', [
          world.communityA,
          ticket,
          `Gæst ${n}`,
          `gaest${n}@example.dk`,
        ]),
      ),
    ]);
    expect(Object.keys(outcome.reasons).sort()).toEqual(['sold_out', 'succeeded']);
    const { sold, free } = await placesLeft(ticket);
    expect(sold).toBeLessThanOrEqual(30);
    expect(free).toBe(30 - sold);
    // What every successful call took is what is sold; refused buyers took nothing.
    const taken = await world.db.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from ticket_purchases where ticket_id = $1 and status = 'active'
         and not (id = any ($2::uuid[]))`,
      [ticket, early],
    );
    expect(taken.rows[0]!.n).toBe(sold);
  });
});

describe('start_checkout', () => {
  it('sells two items of one ticket in a checkout to buyers at once without a deadlock, and tickets crosswise', async () => {
    // Each checkout holds two places of the same ticket type (two items), or of two types in
    // opposite orders: taken one item at a time, two buyers each holding one of the last places
    // would wait for each other (decision 1073, addendum).
    const event = await publishedEvent();
    for (let round = 0; round < 4; round++) {
      const [x, y] = [
        await one(
          `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, $3, 6, 0) returning id`,
          [world.communityA, event, `To ad gangen ${round}`],
        ),
        await one(
          `insert into tickets (community_id, event_id, name, participant_limit, price_ore) values ($1, $2, $3, 6, 0) returning id`,
          [world.communityA, event, `Krydsvis ${round}`],
        ),
      ];
      const item = (ticket: string) => ({ kind: 'ticket', ticket_id: ticket });
      const outcome = await settle(
        buyers
          .slice(0, 24)
          .map((u, i) =>
            world.asUser(u, 'select start_checkout($1, $2::jsonb, $3) as a', [
              world.communityA,
              JSON.stringify(
                i % 2 === 0 ? [item(x), item(x)] : i % 4 === 1 ? [item(y), item(x)] : [item(x), item(y)],
              ),
              `to-ad-gangen-${round}`,
            ]),
          ),
      );
      expect(Object.keys(outcome.reasons).sort()).toEqual(['sold_out', 'succeeded']);
      for (const ticket of [x, y]) {
        const { sold, free } = await placesLeft(ticket);
        expect(sold).toBeLessThanOrEqual(6);
        expect(free).toBe(6 - sold);
      }
      const lines = await world.db.query<{ n: number }>(
        `select count(*)::int as n from order_lines l join orders o on o.id = l.order_id
          where o.idempotency_key = $1 and o.payment_status = 'paid'`,
        [`to-ad-gangen-${round}`],
      );
      expect(lines.rows[0]!.n).toBe(outcome.ok * 2);
    }
  });
});

describe('sign_up_volunteer', () => {
  it('fills exactly the slots of a timeslot under contention', async () => {
    const event = await publishedEvent();
    const job = await one(
      `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Bar', 3) returning id`,
      [world.communityA, event],
    );
    const slot = await one(
      `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
       values ($1, $2, now() + interval '10 days', now() + interval '10 days 2 hours', 4) returning id`,
      [world.communityA, job],
    );
    const outcome = await settle(
      buyers.slice(0, 25).map((u) => world.asUser(u, 'select sign_up_volunteer($1, $2) as id', [job, slot])),
    );
    expect(outcome.reasons).toEqual({ succeeded: 4, no_slots_left: 21 });
    expect(await failureOf(world.asUser(buyers[40]!, 'select sign_up_volunteer($1)', [job]))).toBe(
      'timeslot_required',
    );
  });

  it('checks relevant roles, the børneattest and double sign-up', async () => {
    const event = await publishedEvent();
    const coaches = await one(
      `insert into volunteer_jobs (community_id, event_id, title, relevant_roles) values ($1, $2, 'Træner', '{coach}') returning id`,
      [world.communityA, event],
    );
    const kids = await one(
      `insert into volunteer_jobs (community_id, event_id, title, slots, requires_child_certificate)
       values ($1, $2, 'Børnehjørne', 5, true) returning id`,
      [world.communityA, event],
    );
    expect(await failureOf(world.asUser(buyers[5]!, 'select sign_up_volunteer($1)', [coaches]))).toBe(
      'role_required',
    );
    expect(await failureOf(world.asUser(buyers[5]!, 'select sign_up_volunteer($1)', [kids]))).toBe(
      'certificate_missing',
    );
    await world.db.query(
      `insert into member_certificates (community_id, member_id, kind, issued_on, expires_on)
       select community_id, id, 'child_certificate', current_date - 30, current_date + 300 from members where user_id = $1`,
      [buyers[5]],
    );
    expect(await failureOf(world.asUser(buyers[5]!, 'select sign_up_volunteer($1)', [kids]))).toBe(
      'succeeded',
    );
    expect(await failureOf(world.asUser(buyers[5]!, 'select sign_up_volunteer($1)', [kids]))).toBe(
      'already_signed_up',
    );
  });
});

describe('book_product', () => {
  let product: string;
  const nextMonday = `(date_trunc('week', now() at time zone 'Europe/Copenhagen') + interval '7 days 10 hours')
                      at time zone 'Europe/Copenhagen'`;

  beforeAll(async () => {
    product = await one(
      `insert into booking_products (community_id, name, capacity, price_mode, price_ore)
       values ($1, 'Padelbane', 2, 'hourly', 20000) returning id`,
      [world.communityA],
    );
    await world.db.query(
      `insert into product_availability (community_id, product_id, weekday, starts_at, ends_at)
       values ($1, $2, 1, '08:00', '20:00')`,
      [world.communityA, product],
    );
  });

  it('lets at most capacity overlapping bookings succeed', async () => {
    const outcome = await settle(
      buyers
        .slice(0, 12)
        .map((u, i) =>
          world.asUser(
            u,
            `select book_product($1, ${nextMonday} + make_interval(mins => $2), ${nextMonday} + interval '1 hour')`,
            [product, (i % 3) * 15],
          ),
        ),
    );
    expect(outcome.reasons).toEqual({ succeeded: 2, fully_booked: 10 });
    const price = await world.db.query<{ price_ore: number }>(
      `select price_ore from bookings where product_id = $1 and status = 'booked' order by price_ore`,
      [product],
    );
    expect(price.rows.every((r) => r.price_ore > 0 && r.price_ore <= 20000)).toBe(true);
  });

  it('refuses outside availability and without the required certificate or group', async () => {
    expect(
      await failureOf(
        world.asUser(
          buyers[20]!,
          `select book_product($1, ${nextMonday} + interval '11 hours', ${nextMonday} + interval '12 hours')`,
          [product],
        ),
      ),
    ).toBe('outside_availability');
    expect(
      await failureOf(
        world.asUser(
          buyers[20]!,
          `select book_product($1, ${nextMonday} + interval '1 day', ${nextMonday} + interval '1 day 1 hour')`,
          [product],
        ),
      ),
    ).toBe('outside_availability');
    expect(
      await failureOf(
        world.asUser(buyers[20]!, `select book_product($1, now() - interval '1 hour', now())`, [product]),
      ),
    ).toBe('in_the_past');
    await world.db.query(
      `insert into product_required_certificates (community_id, product_id, kind) values ($1, $2, 'padel_intro')`,
      [world.communityA, product],
    );
    expect(
      await failureOf(
        world.asUser(
          buyers[20]!,
          `select book_product($1, ${nextMonday} + interval '3 hours', ${nextMonday} + interval '4 hours')`,
          [product],
        ),
      ),
    ).toBe('certificate_missing');
    await world.db.query(
      `insert into member_certificates (community_id, member_id, kind) select community_id, id, 'padel_intro' from members where user_id = $1`,
      [buyers[20]],
    );
    const group = await one(`insert into groups (community_id, title) values ($1, 'Padel') returning id`, [
      world.communityA,
    ]);
    await world.db.query(
      `insert into product_required_groups (community_id, product_id, group_id) values ($1, $2, $3)`,
      [world.communityA, product, group],
    );
    expect(
      await failureOf(
        world.asUser(
          buyers[20]!,
          `select book_product($1, ${nextMonday} + interval '3 hours', ${nextMonday} + interval '4 hours')`,
          [product],
        ),
      ),
    ).toBe('group_required');
    expect(await failureOf(world.asUser(buyers[20]!, 'select join_group($1)', [group]))).toBe('succeeded');
    const [booked] = await world.asUser<{ id: string }>(
      buyers[20]!,
      `select book_product($1, ${nextMonday} + interval '3 hours', ${nextMonday} + interval '4 hours') as id`,
      [product],
    );
    expect(await failureOf(world.asUser(buyers[21]!, 'select cancel_booking($1)', [booked!.id]))).toBe(
      'booking_not_found',
    );
    expect(await failureOf(world.asUser(buyers[20]!, 'select cancel_booking($1)', [booked!.id]))).toBe(
      'succeeded',
    );
    expect(await failureOf(world.asUser(buyers[20]!, 'select cancel_booking($1)', [booked!.id]))).toBe(
      'invalid_transition',
    );
  });
});
