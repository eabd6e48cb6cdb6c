// The per-payer totals kept by triggers (docs/decisions/0910): after every kind of write the
// stored totals equal what the invoices and credits say, overdue follows the day without a
// write, concurrent payments on one payer lose nothing, and the billing home counts a member
// whose invoice was credited as not in arrears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { addMember, createWorld, type World } from './support/domain-world';

let world: World;
let f: ReturnType<typeof billingFixture>;

beforeAll(async () => {
  world = await createWorld();
  f = billingFixture(world);
});
afterAll(async () => {
  await world?.close();
});

/** Every account of the community whose stored totals differ from a sum over its rows. */
const drift = async () =>
  (
    await world.db.query<{ account_id: string }>(
      `select a.id as account_id
         from billing_accounts a
         left join billing_account_totals t on t.account_id = a.id
         left join lateral (select coalesce(sum(total_ore + fees_ore - paid_ore), 0) as outstanding, count(*) as open,
                                   min(due_on) as first_due, max(due_on) as last_due
                              from invoices where account_id = a.id and status = 'issued' and kind = 'invoice') o on true
         left join lateral (select coalesce(sum(amount_ore), 0) as credit from account_credits where account_id = a.id) c on true
        where a.community_id = $1
          and (t.account_id is null
               or (t.outstanding_ore, t.credit_ore, t.open_invoices, t.first_due_on, t.last_due_on)
                  is distinct from (o.outstanding, c.credit, o.open::int, o.first_due, o.last_due))`,
      [world.communityA],
    )
  ).rows;

const money = (accountId: string) =>
  world
    .as<{ outstanding_ore: string; overdue_ore: string; credit_ore: string; balance_ore: string }>(
      f.admin,
      `select outstanding_ore::text, overdue_ore::text, credit_ore::text, balance_ore::text
         from billing_account_summaries where id = $1`,
      [accountId],
    )
    .then((rows) => rows[0]!);

const setDue = (invoiceId: string, daysFromToday: number) =>
  world.db.query(`update invoices set due_on = current_date + $2::int where id = $1`, [
    invoiceId,
    daysFromToday,
  ]);

describe('per-payer totals', () => {
  it('start at zero and follow issuing, payments, credit notes and credit', async () => {
    const payer = await f.account('Totals Tine');
    expect(await money(payer)).toEqual({
      outstanding_ore: '0',
      overdue_ore: '0',
      credit_ore: '0',
      balance_ore: '0',
    });

    const first = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 100000 }]);
    expect((await money(payer)).outstanding_ore).toBe('0');
    await f.issue(first);
    expect(await money(payer)).toEqual({
      outstanding_ore: '100000',
      overdue_ore: '0',
      credit_ore: '0',
      balance_ore: '100000',
    });

    await f.pay(first, 40000);
    expect((await money(payer)).outstanding_ore).toBe('60000');
    // Paid beyond what is owed: the invoice is paid and the rest is credit.
    await f.pay(first, 70000);
    expect(await money(payer)).toEqual({
      outstanding_ore: '0',
      overdue_ore: '0',
      credit_ore: '10000',
      balance_ore: '-10000',
    });

    const second = await f.draft(payer, [{ description: 'Baneleje', unitPriceOre: 30000 }]);
    // Issuing spends the credit on it at once (decision 1041).
    await f.issue(second);
    expect(await money(payer)).toEqual({
      outstanding_ore: '20000',
      overdue_ore: '0',
      credit_ore: '0',
      balance_ore: '20000',
    });

    // Crediting the second invoice: it leaves what is owed; its credit payment comes back.
    await world.as(f.admin, 'select credit_invoice($1)', [second]);
    expect(await money(payer)).toEqual({
      outstanding_ore: '0',
      overdue_ore: '0',
      credit_ore: '10000',
      balance_ore: '-10000',
    });
    expect(await drift()).toEqual([]);
  });

  it('tell overdue from not yet due by the day, with invoices on both sides of today', async () => {
    const payer = await f.account('Totals Torben');
    const late = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 50000 }]);
    const soon = await f.draft(payer, [{ description: 'Baneleje', unitPriceOre: 20000 }]);
    await f.issue(late);
    await f.issue(soon);
    await setDue(late, -5);
    await setDue(soon, 10);
    expect(await money(payer)).toMatchObject({ outstanding_ore: '70000', overdue_ore: '50000' });
    await setDue(soon, -1);
    expect(await money(payer)).toMatchObject({ outstanding_ore: '70000', overdue_ore: '70000' });
    await setDue(late, 3);
    await setDue(soon, 4);
    expect(await money(payer)).toMatchObject({ outstanding_ore: '70000', overdue_ore: '0' });
    // Due today is not overdue yet.
    await setDue(late, 0);
    expect(await money(payer)).toMatchObject({ overdue_ore: '0' });
    expect(await drift()).toEqual([]);

    const arrears = await world.as<{ id: string }>(
      f.admin,
      `select id from billing_account_summaries where community_id = $1 and overdue_ore > 0`,
      [world.communityA],
    );
    expect(arrears.map((r) => r.id)).not.toContain(payer);
  });

  it('lose no payment when two invoices of one payer are paid at the same time', async () => {
    const payer = await f.account('Totals Trine');
    const invoices = await Promise.all(
      Array.from({ length: 6 }, (_, n) => f.draft(payer, [{ description: `Del ${n}`, unitPriceOre: 10000 }])),
    );
    for (const id of invoices) await f.issue(id);
    await Promise.all(invoices.map((id) => f.pay(id, 2500)));
    await Promise.all(invoices.map((id) => f.pay(id, 7500)));
    expect(await money(payer)).toMatchObject({ outstanding_ore: '0', credit_ore: '0' });
    expect(await drift()).toEqual([]);
  });

  it('count a member whose overdue invoice was credited as not in arrears on the billing home', async () => {
    const member = await addMember(world.db, world.communityA, 'Arrears');
    const payer = await f.account('Totals Mette', { member_id: member });
    const overview = async () =>
      (
        await world.as<{ o: { members_in_arrears: number; outstanding: { ore: number; count: number } } }>(
          f.admin,
          'select billing_overview($1) as o',
          [world.communityA],
        )
      )[0]!.o;
    const before = await overview();
    const invoice = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 80000 }]);
    await f.issue(invoice);
    await setDue(invoice, -20);
    const late = await overview();
    expect(late.members_in_arrears).toBe(before.members_in_arrears + 1);
    expect(late.outstanding.ore).toBe(before.outstanding.ore + 80000);
    expect(late.outstanding.count).toBe(before.outstanding.count + 1);

    await world.as(f.admin, 'select credit_invoice($1)', [invoice]);
    // The credit note is dated today; move it back so "tomorrow" is already here.
    await world.db.query(
      `update invoices set due_on = current_date - 20 where credited_invoice_id = $1 and kind = 'credit_note'`,
      [invoice],
    );
    const after = await overview();
    expect(after.members_in_arrears).toBe(before.members_in_arrears);
    expect(after.outstanding.ore).toBe(before.outstanding.ore);
    expect(await drift()).toEqual([]);
  });
});
