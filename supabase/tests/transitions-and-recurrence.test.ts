// State machines (events, orders, invoices, bookings), recurrence across summer-time
// changes, series expansion, and scheduled releases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
const one = async (sql: string, params: unknown[] = []) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => {
  await world?.close();
});

async function starts(first: string, rule: string, until: string): Promise<string[]> {
  const rows = await world.db.query<{ local: string; utc: string }>(
    `select to_char(s at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI') as local,
            to_char(s at time zone 'UTC', 'HH24:MI') as utc
     from recurrence_starts(($1::timestamp at time zone 'Europe/Copenhagen'), $2::repeat_rule, $3::date, 'Europe/Copenhagen') s`,
    [first, rule, until],
  );
  return rows.rows.map((r) => `${r.local} (${r.utc}Z)`);
}

describe('recurrence', () => {
  it('keeps the local time of a weekly series across the spring change', async () => {
    expect(await starts('2026-03-19 19:00', 'weekly', '2026-04-09')).toEqual([
      '2026-03-19 19:00 (18:00Z)',
      '2026-03-26 19:00 (18:00Z)',
      '2026-04-02 19:00 (17:00Z)',
      '2026-04-09 19:00 (17:00Z)',
    ]);
  });

  it('keeps the local time of an every-second-week series across the autumn change', async () => {
    expect(await starts('2026-10-15 18:00', 'biweekly', '2026-11-12')).toEqual([
      '2026-10-15 18:00 (16:00Z)',
      '2026-10-29 18:00 (17:00Z)',
      '2026-11-12 18:00 (17:00Z)',
    ]);
  });

  it('expands monthly (clamping to the month end), yearly, first and last weekday of the month', async () => {
    expect(await starts('2026-01-31 10:00', 'monthly', '2026-04-30')).toEqual([
      '2026-01-31 10:00 (09:00Z)',
      '2026-02-28 10:00 (09:00Z)',
      '2026-03-31 10:00 (08:00Z)',
      '2026-04-30 10:00 (08:00Z)',
    ]);
    expect(await starts('2026-06-20 12:00', 'yearly', '2028-06-20')).toEqual([
      '2026-06-20 12:00 (10:00Z)',
      '2027-06-20 12:00 (10:00Z)',
      '2028-06-20 12:00 (10:00Z)',
    ]);
    expect(await starts('2026-01-05 17:30', 'first_weekday', '2026-04-30')).toEqual([
      '2026-01-05 17:30 (16:30Z)',
      '2026-02-02 17:30 (16:30Z)',
      '2026-03-02 17:30 (16:30Z)',
      '2026-04-06 17:30 (15:30Z)',
    ]);
    expect(await starts('2026-01-30 20:00', 'last_weekday', '2026-04-30')).toEqual([
      '2026-01-30 20:00 (19:00Z)',
      '2026-02-27 20:00 (19:00Z)',
      '2026-03-27 20:00 (19:00Z)',
      '2026-04-24 20:00 (18:00Z)',
    ]);
    expect(await starts('2026-01-30 20:00', 'never', '2026-04-30')).toEqual(['2026-01-30 20:00 (19:00Z)']);
  });

  it('expands a series once, copying tickets with shifted windows, for event admins only', async () => {
    const event = await one(
      `insert into events (community_id, title, starts_at, ends_at, status, repeat, repeat_until)
       values ($1, 'Træning', '2026-03-19 19:00 Europe/Copenhagen', '2026-03-19 21:00 Europe/Copenhagen', 'published',
               'weekly', '2026-04-09') returning id`,
      [world.communityA],
    );
    await world.db.query(
      `insert into tickets (community_id, event_id, name, participant_limit, join_closes_at)
       values ($1, $2, 'Plads', 12, '2026-03-19 12:00 Europe/Copenhagen')`,
      [world.communityA, event],
    );
    expect(await failureOf(world.as('memberA', 'select expand_event_series($1)', [event]))).toBe(
      'not_allowed',
    );
    const [made] = await world.as<{ n: number }>('eventAdminA', 'select expand_event_series($1) as n', [
      event,
    ]);
    expect(made!.n).toBe(3);
    const series = await world.db.query<{ local: string; ends: string; closes: string; n: string }>(
      `select to_char(e.starts_at at time zone 'Europe/Copenhagen', 'MM-DD HH24:MI') as local,
              to_char(e.ends_at at time zone 'Europe/Copenhagen', 'HH24:MI') as ends,
              to_char(t.join_closes_at at time zone 'Europe/Copenhagen', 'MM-DD HH24:MI') as closes,
              t.participant_limit::text as n
       from events e join tickets t on t.event_id = e.id where e.series_id = $1 order by e.starts_at`,
      [event],
    );
    expect(series.rows).toEqual([
      { local: '03-19 19:00', ends: '21:00', closes: '03-19 12:00', n: '12' },
      { local: '03-26 19:00', ends: '21:00', closes: '03-26 12:00', n: '12' },
      { local: '04-02 19:00', ends: '21:00', closes: '04-02 12:00', n: '12' },
      { local: '04-09 19:00', ends: '21:00', closes: '04-09 12:00', n: '12' },
    ]);
    expect(await failureOf(world.as('eventAdminA', 'select expand_event_series($1)', [event]))).toBe(
      'series_already_expanded',
    );
  });
});

describe('scheduled release', () => {
  it('treats a passed release time as published and publish_due_releases stores it', async () => {
    const due = await one(
      `insert into events (community_id, title, starts_at, status, release_at)
       values ($1, 'Snart', now() + interval '3 days', 'scheduled', now() - interval '1 minute') returning id`,
      [world.communityA],
    );
    const later = await one(
      `insert into events (community_id, title, starts_at, status, release_at)
       values ($1, 'Senere', now() + interval '3 days', 'scheduled', now() + interval '1 day') returning id`,
      [world.communityA],
    );
    const post = await one(
      `insert into news_posts (community_id, title, status, release_at) values ($1, 'Nyhed', 'scheduled', now() - interval '1 second')
       returning id`,
      [world.communityA],
    );
    const visible = async () =>
      (
        await world.as<{ id: string }>(
          'memberA',
          'select id from events where id = any($1) union all select id from news_posts where id = $2',
          [[due, later], post],
        )
      )
        .map((r) => r.id)
        .sort();
    expect(await visible()).toEqual([due, post].sort());
    expect(await failureOf(world.as('eventAdminA', 'select publish_due_releases()'))).toBe('42501');
    const [n] = await world.as<{ n: number }>('service', 'select publish_due_releases() as n');
    expect(n!.n).toBeGreaterThanOrEqual(2);
    const stored = await world.db.query<{ status: string; published: boolean }>(
      `select status::text, published_at is not null as published from events where id = any($1) order by title`,
      [[due, later]],
    );
    expect(stored.rows).toEqual([
      { status: 'scheduled', published: false },
      { status: 'published', published: true },
    ]);
    expect(await visible()).toEqual([due, post].sort());
  });
});

describe('transitions', () => {
  it('moves events only along the allowed edges', async () => {
    const event = await one(
      `insert into events (community_id, title, starts_at) values ($1, 'X', now() + interval '9 days') returning id`,
      [world.communityA],
    );
    const move = (to: string) =>
      failureOf(world.as('eventAdminA', `update events set status = $2 where id = $1`, [event, to]));
    expect(await move('scheduled')).toBe('23514'); // a scheduled event needs its release time
    expect(await move('published')).toBe('succeeded');
    expect(await move('draft')).toBe('invalid_transition');
    expect(await move('scheduled')).toBe('invalid_transition');
    expect(await move('cancelled')).toBe('succeeded');
    expect(await move('published')).toBe('invalid_transition');
    expect(
      await failureOf(
        world.db.query(
          `insert into events (community_id, title, starts_at, status) values ($1, 'Y', now(), 'cancelled')`,
          [world.communityA],
        ),
      ),
    ).toBe('invalid_transition');
  });

  it('moves orders awaiting payment → sent to customer → activated or ordered', async () => {
    const member = world.memberOf.memberA!;
    const order = async () =>
      one(
        `insert into orders (community_id, product_name, member_id, amount_ore) values ($1, 'Nøglebrik', $2, 5000) returning id`,
        [world.communityA, member],
      );
    const move = (id: string, to: string) =>
      failureOf(world.as('bookingAdminA', 'update orders set status = $2 where id = $1', [id, to]));
    const first = await order();
    expect(await move(first, 'activated')).toBe('invalid_transition');
    expect(await move(first, 'sent_to_customer')).toBe('succeeded');
    expect(await move(first, 'awaiting_payment')).toBe('invalid_transition');
    expect(await move(first, 'activated')).toBe('succeeded');
    expect(await move(first, 'ordered')).toBe('invalid_transition');
    const second = await order();
    expect(await move(second, 'sent_to_customer')).toBe('succeeded');
    expect(await move(second, 'ordered')).toBe('succeeded');
    expect(
      await failureOf(
        world.db.query(
          `insert into orders (community_id, product_name, member_id, status) values ($1, 'X', $2, 'activated')`,
          [world.communityA, member],
        ),
      ),
    ).toBe('invalid_transition');
  });

  it('numbers invoices per community when issued, computes VAT, freezes issued lines and marks paid', async () => {
    const makeInvoice = async (community: string) => {
      const account = await one(
        `insert into billing_accounts (community_id, name, kind, cvr) values ($1, 'Kiosk A/S', 'organisation', '12345678') returning id`,
        [community],
      );
      const invoice = await one(
        `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
        [community, account],
      );
      return invoice;
    };
    const a1 = await makeInvoice(world.communityA);
    const a2 = await makeInvoice(world.communityA);
    const b1 = await makeInvoice(world.communityB);
    expect(
      await failureOf(world.as('billingAdminA', `update invoices set status = 'issued' where id = $1`, [a1])),
    ).toBe('invoice_empty');
    for (const [inv, community] of [
      [a1, world.communityA],
      [a2, world.communityA],
      [b1, world.communityB],
    ] as const) {
      await world.db.query(
        `insert into invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp, vat_exempt)
         values ($1, $2, 'Baneleje', 2, 10000, 2500, false), ($1, $2, 'Kontingent', 1, 50000, 0, true)`,
        [community, inv],
      );
    }
    const totals = await world.db.query(
      `select subtotal_ore::int, vat_ore::int, total_ore::int from invoices where id = $1`,
      [a1],
    );
    expect(totals.rows[0]).toEqual({ subtotal_ore: 70000, vat_ore: 5000, total_ore: 75000 });
    const issue = async (actor: 'billingAdminA' | 'adminB', id: string) =>
      (
        await world.as<{ number: string; due: boolean }>(
          actor,
          `update invoices set status = 'issued' where id = $1 returning number::text, due_on > issued_on as due`,
          [id],
        )
      )[0];
    expect(await issue('billingAdminA', a2)).toEqual({ number: '1', due: true });
    expect(await issue('billingAdminA', a1)).toEqual({ number: '2', due: true });
    expect(await issue('adminB', b1)).toEqual({ number: '1', due: true });
    expect(
      await failureOf(
        world.as('billingAdminA', `update invoice_lines set unit_price_ore = 1 where invoice_id = $1`, [a1]),
      ),
    ).toBe('invoice_not_draft');
    expect(
      await failureOf(world.as('billingAdminA', `update invoices set number = 99 where id = $1`, [a1])),
    ).toBe('read_only_field');
    await world.as(
      'billingAdminA',
      `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, 25000, 'mobilepay')`,
      [world.communityA, a1],
    );
    expect((await world.db.query(`select status::text from invoices where id = $1`, [a1])).rows[0]).toEqual({
      status: 'issued',
    });
    await world.as(
      'billingAdminA',
      `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, 50000, 'betalingsservice')`,
      [world.communityA, a1],
    );
    expect(
      (await world.db.query(`select status::text, paid_ore::int from invoices where id = $1`, [a1])).rows[0],
    ).toEqual({ status: 'paid', paid_ore: 75000 });
    expect(
      await failureOf(
        world.as('billingAdminA', `update invoice_payments set amount_ore = 1 where invoice_id = $1`, [a1]),
      ),
    ).toBe('42501');
  });

  it('checks a booking in or cancels it, never both', async () => {
    const product = await one(
      `insert into booking_products (community_id, name) values ($1, 'Mødelokale') returning id`,
      [world.communityA],
    );
    const booking = await one(
      `insert into bookings (community_id, product_id, member_id, starts_at, ends_at) values ($1, $2, $3, now(), now() + interval '1 hour')
       returning id`,
      [world.communityA, product, world.memberOf.memberA],
    );
    const move = (to: string) =>
      failureOf(world.as('bookingAdminA', 'update bookings set status = $2 where id = $1', [booking, to]));
    expect(await move('checked_in')).toBe('succeeded');
    expect(await move('cancelled')).toBe('invalid_transition');
    expect(await move('booked')).toBe('invalid_transition');
  });
});
