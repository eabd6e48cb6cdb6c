// Billing set-up rules and order statuses: payment terms and reminders within renteloven
// §9b, accounts with CVR/EAN, plans with a VAT class that are archived once used, and order
// status changes recorded with who and when (docs/decisions/0860, 0861, 0863).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let f: ReturnType<typeof billingFixture>;

beforeAll(async () => {
  world = await createWorld();
  f = billingFixture(world);
});
afterAll(async () => {
  await world?.close();
});

const terms = (name: string, days: number[], feeOre: number, isDefault = false) =>
  world.as<{ id: string }>(
    f.admin,
    `insert into payment_terms (community_id, name, days_due, reminder_days, reminder_fee_ore, is_default)
     values ($1, $2, 14, $3, $4, $5) returning id`,
    [world.communityA, name, days, feeOre, isDefault],
  );

describe('payment terms', () => {
  it('hold reminders within renteloven §9b: at most three, ten days apart, at most 100 kr', async () => {
    expect(await failureOf(terms('Fire rykkere', [5, 15, 25, 35], 10000))).toBe('too_many_reminders');
    expect(await failureOf(terms('Tæt', [5, 14], 10000))).toBe('reminders_too_close');
    expect(await failureOf(terms('Dyr', [5, 15], 10001))).toBe('reminder_fee_too_high');
    expect(await failureOf(terms('Før forfald', [0], 100))).toBe('invalid_reminder_schedule');
    expect(await failureOf(terms('Lovlig', [5, 15, 25], 10000))).toBe('succeeded');
  });

  it('keeps one default per community, switched in one step', async () => {
    const first = (await terms('Netto 14', [], 0, true))[0]!.id;
    const second = (await terms('Netto 30', [], 0))[0]!.id;
    await world.as(f.admin, 'select make_default_payment_terms($1)', [second]);
    const defaults = await world.as<{ id: string }>(
      f.admin,
      'select id from payment_terms where community_id = $1 and is_default',
      [world.communityA],
    );
    expect(defaults).toEqual([{ id: second }]);
    expect(first).not.toBe(second);
  });
});

describe('reminders', () => {
  it('follow the schedule, add their fee to what is owed once sent, and stop after the last', async () => {
    const termsId = (await terms('Rykkere', [3, 13, 23], 10000))[0]!.id;
    const account = await f.account('Jens Ravn', { payment_terms_id: termsId });
    const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 50000 }]);
    await world.db.query(
      `update invoices set issued_on = '2026-01-01', due_on = '2026-01-15' where id = $1`,
      [id],
    );
    await f.issue(id);
    // Each reminder is sent as it is made (mark_invoice_emailed is what send-invoice notes).
    const remind = async (day: string) => {
      const made = (
        await world.as<{ reminder_id: string; invoice_id: string; seq: number; fee_ore: number }>(
          f.admin,
          'select reminder_id, invoice_id, seq, fee_ore from create_due_reminders($1, $2)',
          [world.communityA, day],
        )
      ).filter((r) => r.invoice_id === id);
      for (const r of made)
        await world.as(f.admin, 'select mark_invoice_emailed($1, $2)', [id, r.reminder_id]);
      return made.map(({ reminder_id: _, ...r }) => r);
    };
    expect(await remind('2026-01-17')).toEqual([]);
    expect(await remind('2026-01-18')).toEqual([{ invoice_id: id, seq: 1, fee_ore: 10000 }]);
    expect(await remind('2026-01-27')).toEqual([]);
    // By hand, too early for the second reminder: refused with the day it is due.
    expect(
      await failureOf(
        world.as(
          f.admin,
          `insert into invoice_reminders (community_id, invoice_id, reminded_on) values ($1, $2, '2026-01-27')`,
          [world.communityA, id],
        ),
      ),
    ).toBe('reminder_too_early');
    expect(await remind('2026-01-28')).toEqual([{ invoice_id: id, seq: 2, fee_ore: 10000 }]);
    expect(await remind('2026-02-07')).toEqual([{ invoice_id: id, seq: 3, fee_ore: 10000 }]);
    expect(await remind('2026-03-30')).toEqual([]);
    expect(await f.invoice(id)).toMatchObject({ total_ore: '50000', fees_ore: '30000' });
    expect(await f.balance(account)).toMatchObject({ outstanding_ore: '80000' });
    expect(
      await failureOf(
        world.as(
          f.admin,
          `insert into invoice_reminders (community_id, invoice_id, reminded_on) values ($1, $2, '2026-04-01')`,
          [world.communityA, id],
        ),
      ),
    ).toBe('no_more_reminders');
    // Paying the invoice takes the fees too.
    await f.pay(id, 50000);
    expect((await f.invoice(id)).status).toBe('issued');
    await f.pay(id, 30000);
    expect((await f.invoice(id)).status).toBe('paid');
  });

  it('charge their fee only once sent; an unsent one is listed and can be cancelled', async () => {
    const termsId = (await terms('Gebyr ved afsendelse', [3, 13], 10000))[0]!.id;
    const account = await f.account('Sofie Lund', { payment_terms_id: termsId });
    const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 40000 }]);
    await world.db.query(
      `update invoices set issued_on = '2026-02-01', due_on = '2026-02-15' where id = $1`,
      [id],
    );
    await f.issue(id);
    const made = (
      await world.as<{ reminder_id: string; invoice_id: string; fee_ore: number }>(
        f.admin,
        'select reminder_id, invoice_id, fee_ore from create_due_reminders($1, $2)',
        [world.communityA, '2026-02-18'],
      )
    ).filter((r) => r.invoice_id === id);
    expect(made).toMatchObject([{ invoice_id: id, fee_ore: 10000 }]);
    // Made but not sent (no mail went out): nothing is charged.
    expect(await f.invoice(id)).toMatchObject({ fees_ore: '0' });
    expect(await f.balance(account)).toMatchObject({ outstanding_ore: '40000' });
    const unsent = await world.as<{ id: string }>(
      f.admin,
      'select id from invoice_reminders where invoice_id = $1 and emailed_at is null',
      [id],
    );
    expect(unsent.map((r) => r.id)).toEqual([made[0]!.reminder_id]);
    // Nobody notes a reminder as sent by writing the row: only the sending notes it.
    expect(
      await failureOf(
        world.as(f.admin, 'update invoice_reminders set emailed_at = now() where id = $1', [
          made[0]!.reminder_id,
        ]),
      ),
    ).toBe('42501');
    // Cancelled while unsent: gone, nothing to undo; a sent one cannot be cancelled.
    await world.as(f.admin, 'select cancel_unsent_reminder($1)', [made[0]!.reminder_id]);
    expect(await world.db.query('select 1 from invoice_reminders where invoice_id = $1', [id])).toMatchObject(
      {
        rows: [],
      },
    );
    const again = (
      await world.as<{ reminder_id: string; invoice_id: string }>(
        f.admin,
        'select reminder_id, invoice_id from create_due_reminders($1, $2)',
        [world.communityA, '2026-02-19'],
      )
    ).filter((r) => r.invoice_id === id);
    expect(again).toHaveLength(1);
    await world.as(f.admin, 'select mark_invoice_emailed($1, $2)', [id, again[0]!.reminder_id]);
    expect(await f.invoice(id)).toMatchObject({ fees_ore: '10000' });
    expect(await f.balance(account)).toMatchObject({ outstanding_ore: '50000' });
    // Noting it sent again charges nothing twice.
    await world.as(f.admin, 'select mark_invoice_emailed($1, $2)', [id, again[0]!.reminder_id]);
    expect(await f.invoice(id)).toMatchObject({ fees_ore: '10000' });
    expect(
      await failureOf(world.as(f.admin, 'select cancel_unsent_reminder($1)', [again[0]!.reminder_id])),
    ).toBe('reminder_sent');
    expect(
      await failureOf(world.as('adminB', 'select cancel_unsent_reminder($1)', [again[0]!.reminder_id])),
    ).toBe('reminder_not_found');
  });

  it('refuse a fee above the terms and reminders on paid invoices', async () => {
    const termsId = (await terms('Lavt gebyr', [1, 11], 5000))[0]!.id;
    const account = await f.account('Karen Dahl', { payment_terms_id: termsId });
    const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 50000 }]);
    await f.issue(id);
    await world.db.query(`update invoices set due_on = '2026-01-15' where id = $1`, [id]);
    const byHand = (fee: number) =>
      failureOf(
        world.as(
          f.admin,
          `insert into invoice_reminders (community_id, invoice_id, reminded_on, fee_ore) values ($1, $2, '2026-01-20', $3)`,
          [world.communityA, id, fee],
        ),
      );
    expect(await byHand(7500)).toBe('reminder_fee_too_high');
    await f.pay(id, 50000);
    expect(await byHand(0)).toBe('not_remindable');
    expect(
      await failureOf(world.as('memberA', 'select * from create_due_reminders($1)', [world.communityA])),
    ).toBe('not_allowed');
  });
});

describe('accounts', () => {
  it('need the right number for each kind of payer, with clear codes', async () => {
    expect(await failureOf(f.account('Firma ApS', { kind: 'organisation' }))).toBe('cvr_required');
    expect(await failureOf(f.account('Firma ApS', { kind: 'organisation', cvr: '1234567' }))).toBe(
      'invalid_cvr',
    );
    expect(await failureOf(f.account('Kommune', { kind: 'public_body', ean: '579800577001' }))).toBe(
      'invalid_ean',
    );
    expect(await failureOf(f.account('Kommune', { kind: 'public_body' }))).toBe('ean_required');
    // One digit off: 13 digits, but the GS1 check digit of 579800577001 is 5.
    expect(await failureOf(f.account('Kommune', { kind: 'public_body', ean: '5798005770011' }))).toBe(
      'invalid_ean_check_digit',
    );
    expect(await failureOf(f.account('Familien Holm', { kind: 'household', email: 'ikke en adresse' }))).toBe(
      'invalid_email',
    );
    const id = await f.account('Firma ApS', { kind: 'organisation', cvr: '1234 5678' });
    const rows = await world.as<{ cvr: string }>(f.admin, 'select cvr from billing_accounts where id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ cvr: '12345678' }]);
    expect(await f.account('Aarhus Kommune', { kind: 'public_body', ean: '5798005770015' })).toMatch(/-/);
    expect(await f.account('Familien Holm', { kind: 'household', language: 'en' })).toMatch(/-/);
  });
});

describe('plans', () => {
  const plan = (name: string, fields: Record<string, unknown>) => {
    const columns = ['community_id', 'name', 'price_ore', ...Object.keys(fields)];
    return world.as<{ id: string }>(
      f.admin,
      `insert into billing_plans (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
      [world.communityA, name, 120000, ...Object.values(fields)],
    );
  };

  it('are VAT exempt or taxable at 25 %, name the group they grant, and are archived once used', async () => {
    expect(await failureOf(plan('Halv moms', { vat_exempt: false, vat_rate_bp: 1200 }))).toBe(
      'invalid_vat_class',
    );
    expect(await failureOf(plan('Fritaget med moms', { vat_exempt: true, vat_rate_bp: 2500 }))).toBe(
      'invalid_vat_class',
    );
    expect(await failureOf(plan('Hold', { grants: 'group' }))).toBe('invalid_grant');
    expect(
      await failureOf(plan('Fitness', { vat_exempt: false, vat_rate_bp: 2500, grants: 'nothing' })),
    ).toBe('succeeded');
    const id = (await plan('Senior', {}))[0]!.id;
    const unused = (await plan('Ubrugt', {}))[0]!.id;
    const account = await f.account('Lars Mølgaard', { plan_id: id });
    await f.draft(account, [{ description: 'Senior 2026', unitPriceOre: 120000, planId: id }]);
    expect(await failureOf(world.as(f.admin, 'delete from billing_plans where id = $1', [id]))).toBe(
      'plan_in_use',
    );
    await world.as(f.admin, 'update billing_plans set active = false where id = $1', [id]);
    expect(
      await failureOf(world.as(f.admin, 'delete from billing_plans where id = $1 returning id', [unused])),
    ).toBe('succeeded');
  });
});

describe('orders', () => {
  const order = async () => {
    const id = (
      await world.as<{ id: string }>(
        'bookingAdminA',
        `insert into orders (community_id, product_name, member_id, amount_ore) values ($1, 'Bane 1', $2, 20000) returning id`,
        [world.communityA, world.memberOf.memberA],
      )
    )[0]!.id;
    return id!;
  };

  it('move only along the allowed flow, each change recorded with who and when', async () => {
    const id = await order();
    const change = (status: string, ids = [id]) =>
      world.as<{ n: number }>('bookingAdminA', 'select change_order_status($1, $2::order_status) as n', [
        ids,
        status,
      ]);
    expect(await failureOf(change('activated'))).toBe('invalid_transition');
    await change('sent_to_customer');
    await change('activated');
    const history = await world.as<{
      from_status: string | null;
      to_status: string;
      changed_by: string;
      recent: boolean;
    }>(
      'bookingAdminA',
      `select from_status, to_status, changed_by, changed_at > now() - interval '1 minute' as recent
       from order_status_changes where order_id = $1 order by id`,
      [id],
    );
    const who = world.users.bookingAdminA;
    expect(history).toEqual([
      { from_status: null, to_status: 'awaiting_payment', changed_by: who, recent: true },
      { from_status: 'awaiting_payment', to_status: 'sent_to_customer', changed_by: who, recent: true },
      { from_status: 'sent_to_customer', to_status: 'activated', changed_by: who, recent: true },
    ]);
    expect(
      await failureOf(
        world.as(
          'bookingAdminA',
          `insert into order_status_changes (community_id, order_id, to_status)
      values ($1, $2, 'ordered')`,
          [world.communityA, id],
        ),
      ),
    ).toBe('42501');
  });

  it('change in bulk all or nothing', async () => {
    const [a, b, c] = [await order(), await order(), await order()];
    await world.as('bookingAdminA', `select change_order_status($1, 'sent_to_customer')`, [[a]]);
    // a may go on to ordered, b and c may not skip sent_to_customer: nothing moves.
    expect(
      await failureOf(world.as('bookingAdminA', `select change_order_status($1, 'ordered')`, [[a, b, c]])),
    ).toBe('invalid_transition');
    const statuses = await world.as<{ status: string }>(
      'bookingAdminA',
      'select status from orders where id = any ($1::uuid[]) order by status',
      [[a, b, c]],
    );
    expect(statuses.map((s) => s.status)).toEqual([
      'awaiting_payment',
      'awaiting_payment',
      'sent_to_customer',
    ]);
    const moved = await world.as<{ n: number }>(
      'bookingAdminA',
      `select change_order_status($1, 'sent_to_customer') as n`,
      [[b, c]],
    );
    expect(moved).toEqual([{ n: 2 }]);
    expect(
      await failureOf(world.as('billingAdminA', `select change_order_status($1, 'sent_to_customer')`, [[a]])),
    ).toBe('order_not_found');
  });
});

describe('screen reads', () => {
  it('name the order changer and summarise invoices with the overdue status and the home figures', async () => {
    const id = (
      await world.as<{ id: string }>(
        'bookingAdminA',
        `insert into orders (community_id, product_name, member_id, amount_ore) values ($1, 'Bane 2', $2, 5000) returning id`,
        [world.communityA, world.memberOf.memberA],
      )
    )[0]!.id;
    const history = await world.as<{ changed_by_name: string }>(
      'bookingAdminA',
      'select changed_by_name from order_history where order_id = $1',
      [id],
    );
    expect(history).toEqual([{ changed_by_name: 'booking.admin.a@example.dk' }]);
    // Booking admins see their orders with the member's name, though not the member register.
    const summaries = await world.as<{ member_name: string }>(
      'bookingAdminA',
      'select member_name from order_summaries where id = $1',
      [id],
    );
    expect(summaries).toEqual([{ member_name: 'Mette Jensen' }]);
    const account = await f.account('Rikke Bach', { member_id: world.memberOf.memberA });
    const invoice = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 40000 }]);
    await world.db.query(
      `update invoices set issued_on = '2026-01-01', due_on = '2026-01-15' where id = $1`,
      [invoice],
    );
    await f.issue(invoice);
    const [summary] = await world.as<{ list_status: string; outstanding_ore: string; account_name: string }>(
      f.admin,
      'select list_status, outstanding_ore::text, account_name from invoice_summaries where id = $1',
      [invoice],
    );
    expect(summary).toEqual({ list_status: 'overdue', outstanding_ore: '40000', account_name: 'Rikke Bach' });
    const overview = (
      await world.as<{
        overview: { overdue: { ore: number }; members_in_arrears: number };
      }>(f.admin, 'select billing_overview($1) as overview', [world.communityA])
    )[0]!.overview;
    expect(overview.overdue.ore).toBeGreaterThanOrEqual(40000);
    expect(overview.members_in_arrears).toBeGreaterThanOrEqual(1);
    expect(await failureOf(world.as('memberA', 'select billing_overview($1)', [world.communityA]))).toBe(
      'not_allowed',
    );
  });
});
