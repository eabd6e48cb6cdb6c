// The money core of billing: gap-free numbers under concurrent issuing, issued amounts that
// never change, payments (partial, full, beyond what is owed), credit notes that reverse
// exactly, and clear refusals of bad lines (docs/decisions/0862).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let f: ReturnType<typeof billingFixture>;
let ole: string;

beforeAll(async () => {
  world = await createWorld();
  f = billingFixture(world);
  ole = await f.account('Ole Hansen', { email: 'ole@example.dk' });
});
afterAll(async () => {
  await world?.close();
});

const counter = async () =>
  Number(
    (
      await world.db.query<{ v: string }>(
        `select coalesce((select last_value from app_private.counters where community_id = $1 and kind = 'invoice'), 0)::text as v`,
        [world.communityA],
      )
    ).rows[0]!.v,
  );

describe('numbering', () => {
  it('gives 20 concurrent issues consecutive numbers, and failed issues leave no gap', async () => {
    const before = await counter();
    const drafts = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        f.draft(ole, [{ description: `Kontingent ${n}`, unitPriceOre: 10000 + n }]),
      ),
    );
    // Empty drafts fail to issue in the middle of the crowd; their numbers are never taken.
    const empty = await Promise.all([1, 2, 3].map(() => f.draft(ole, [])));
    const outcomes = await Promise.all(
      [...drafts.slice(0, 10), ...empty, ...drafts.slice(10)].map((id) =>
        failureOf(world.as(f.admin, 'select issue_invoice($1)', [id])),
      ),
    );
    expect(outcomes.filter((o) => o === 'succeeded')).toHaveLength(20);
    expect(outcomes.filter((o) => o === 'invoice_empty')).toHaveLength(3);
    const numbers = await world.db.query<{ n: string }>(
      `select number::text as n from invoices where id = any ($1::uuid[]) order by number`,
      [drafts],
    );
    expect(numbers.rows.map((r) => Number(r.n))).toEqual(
      Array.from({ length: 20 }, (_, n) => before + 1 + n),
    );
    expect(await counter()).toBe(before + 20);
    const stillDraft = await world.db.query<{ n: string }>(
      `select count(*)::text as n from invoices where id = any ($1::uuid[]) and status = 'draft' and number is null`,
      [empty],
    );
    expect(stillDraft.rows[0]!.n).toBe('3');
  });

  it('numbers per community and refuses a number set by hand', async () => {
    const id = await f.draft(ole, [{ description: 'Leje', unitPriceOre: 5000 }]);
    expect(await failureOf(world.as(f.admin, 'update invoices set number = 999 where id = $1', [id]))).toBe(
      'read_only_field',
    );
  });
});

describe('amounts', () => {
  it('computes VAT per line and keeps issued amounts as they were', async () => {
    const id = await f.draft(ole, [
      { description: 'Kontingent 2026', unitPriceOre: 120000 },
      { description: 'Baneleje', unitPriceOre: 333, quantity: 3, vatRateBp: 2500 },
    ]);
    // 3 × 3,33 kr = 9,99 kr; VAT 2,4975 kr rounds to 2,50 kr on the line.
    expect(await f.invoice(id)).toMatchObject({
      subtotal_ore: '120999',
      vat_ore: '250',
      total_ore: '121249',
    });
    expect(await failureOf(world.as(f.admin, 'update invoices set total_ore = 1 where id = $1', [id]))).toBe(
      'read_only_field',
    );
    await f.issue(id);
    const issued = await f.invoice(id);
    const refusals = await Promise.all(
      [
        world.as(f.admin, `update invoice_lines set unit_price_ore = 1 where invoice_id = $1`, [id]),
        world.as(f.admin, `delete from invoice_lines where invoice_id = $1`, [id]),
        world.as(
          f.admin,
          `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Ekstra', 100)`,
          [world.communityA, id],
        ),
        world.as(f.admin, `update invoices set paid_ore = total_ore where id = $1`, [id]),
        world.as(f.admin, `update invoices set status = 'paid' where id = $1`, [id]),
        world.as(f.admin, `update invoices set issued_on = issued_on - 1 where id = $1`, [id]),
        world.as(f.admin, `delete from invoices where id = $1`, [id]),
      ].map(failureOf),
    );
    expect(refusals).toEqual([
      'invoice_not_draft',
      'invoice_not_draft',
      'invoice_not_draft',
      'read_only_field',
      'not_fully_paid',
      'invoice_not_draft',
      'invoice_not_draft',
    ]);
    expect(await f.invoice(id)).toEqual(issued);
    expect(issued.due_on).not.toBeNull();
  });

  it('refuses negative lines, VAT on exempt lines and a draft without lines, with clear codes', async () => {
    const id = await f.draft(ole, []);
    const line = (price: number, rate: number, exempt: boolean) =>
      failureOf(
        world.as(
          f.admin,
          `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore, vat_rate_bp, vat_exempt)
           values ($1, $2, 'Linje', $3, $4, $5)`,
          [world.communityA, id, price, rate, exempt],
        ),
      );
    expect(await line(-100, 0, true)).toBe('negative_amount');
    expect(await line(100, 2500, true)).toBe('vat_on_exempt_line');
    expect(await failureOf(f.issue(id))).toBe('invoice_empty');
    // Nothing half-done: the draft is still empty.
    expect(await f.invoice(id)).toMatchObject({ status: 'draft', total_ore: '0' });
  });
});

describe('payments', () => {
  it('takes a partial then a full payment, after which the account owes nothing', async () => {
    const account = await f.account('Grethe Madsen');
    const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 80000 }]);
    await f.issue(id);
    expect(await f.balance(account)).toEqual({
      outstanding_ore: '80000',
      credit_ore: '0',
      balance_ore: '80000',
    });
    await f.pay(id, 30000, 'mobilepay');
    expect(await f.invoice(id)).toMatchObject({ status: 'issued', paid_ore: '30000' });
    await f.pay(id, 50000, 'betalingsservice');
    expect(await f.invoice(id)).toMatchObject({ status: 'paid', paid_ore: '80000' });
    expect(await f.balance(account)).toEqual({ outstanding_ore: '0', credit_ore: '0', balance_ore: '0' });
    expect(await failureOf(f.pay(id, 100))).toBe('invoice_already_paid');
  });

  it('records what is paid beyond the amount owed as a credit, which can pay the next invoice', async () => {
    const account = await f.account('Hans Berg');
    const first = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 50000 }]);
    await f.issue(first);
    await f.pay(first, 70000, 'cash');
    expect(await f.invoice(first)).toMatchObject({ status: 'paid', paid_ore: '50000' });
    expect(await f.balance(account)).toEqual({
      outstanding_ore: '0',
      credit_ore: '20000',
      balance_ore: '-20000',
    });
    const credits = await world.as<{ amount_ore: string; source: string }>(
      f.admin,
      `select amount_ore::text, source from account_credits where account_id = $1`,
      [account],
    );
    expect(credits).toEqual([{ amount_ore: '20000', source: 'overpayment' }]);

    const second = await f.draft(account, [{ description: 'Hal', unitPriceOre: 15000 }]);
    // Issuing the next invoice spends the credit on it (decision 1041); nothing is left to apply.
    await f.issue(second);
    expect(await f.invoice(second)).toMatchObject({ status: 'paid', paid_ore: '15000' });
    expect(await failureOf(world.as(f.admin, 'select apply_account_credit($1)', [second]))).toBe('no_credit');
    expect(await f.balance(account)).toEqual({
      outstanding_ore: '0',
      credit_ore: '5000',
      balance_ore: '-5000',
    });
    // Account credit is not a method a person records by hand.
    const third = await f.draft(account, [{ description: 'Hal', unitPriceOre: 15000 }]);
    await f.issue(third);
    expect(await failureOf(f.pay(third, 100, 'account_credit'))).toBe('invalid_method');
  });

  it('refuses payments on drafts and void invoices, and non-positive amounts', async () => {
    const draftId = await f.draft(ole, [{ description: 'Kontingent', unitPriceOre: 1000 }]);
    expect(await failureOf(f.pay(draftId, 1000))).toBe('invoice_not_payable');
    await world.as(f.admin, `update invoices set status = 'void' where id = $1`, [draftId]);
    expect(await failureOf(f.pay(draftId, 1000))).toBe('invoice_not_payable');
    const issued = await f.draft(ole, [{ description: 'Kontingent', unitPriceOre: 1000 }]);
    await f.issue(issued);
    expect(await failureOf(f.pay(issued, 0))).toBe('invalid_amount');
    expect(await failureOf(f.pay(issued, -5))).toBe('invalid_amount');
  });
});

describe('credit notes', () => {
  it('reverse an invoice exactly and turn what was paid on it into account credit', async () => {
    const account = await f.account('Inge Lund');
    const id = await f.draft(account, [
      { description: 'Kontingent', unitPriceOre: 60000 },
      { description: 'Klubtrøje', unitPriceOre: 20000, vatRateBp: 2500 },
    ]);
    const number = await f.issue(id);
    await f.pay(id, 25000);
    const rows = await world.as<{ id: string }>(f.admin, `select credit_invoice($1, 'Udmeldt') as id`, [id]);
    const note = rows[0]!.id;
    const [original, credit] = [await f.invoice(id), await f.invoice(note)];
    expect(original.status).toBe('credited');
    expect(credit).toMatchObject({
      kind: 'credit_note',
      status: 'issued',
      subtotal_ore: '80000',
      vat_ore: '5000',
      total_ore: '85000',
    });
    expect(Number(credit.number)).toBe(number + 1);
    const lines = await world.as<{ description: string; net_ore: string }>(
      f.admin,
      `select description, net_ore::text from invoice_lines where invoice_id = $1 order by sort_order`,
      [note],
    );
    expect(lines).toEqual([
      { description: 'Kontingent', net_ore: '60000' },
      { description: 'Klubtrøje', net_ore: '20000' },
    ]);
    expect(await f.balance(account)).toEqual({
      outstanding_ore: '0',
      credit_ore: '25000',
      balance_ore: '-25000',
    });
    expect(await failureOf(world.as(f.admin, 'select credit_invoice($1)', [id]))).toBe(
      'invoice_already_credited',
    );
    expect(await failureOf(f.pay(id, 100))).toBe('invoice_not_payable');
  });

  it('refuses a credit note whose lines differ from its invoice, and credits of drafts', async () => {
    const id = await f.draft(ole, [{ description: 'Kontingent', unitPriceOre: 60000 }]);
    expect(await failureOf(world.as(f.admin, 'select credit_invoice($1)', [id]))).toBe(
      'invoice_not_creditable',
    );
    await f.issue(id);
    const note = (
      await world.as<{ id: string }>(
        f.admin,
        `insert into invoices (community_id, account_id, kind, credited_invoice_id) values ($1, $2, 'credit_note', $3) returning id`,
        [world.communityA, ole, id],
      )
    )[0]!.id;
    await world.as(
      f.admin,
      `insert into invoice_lines (community_id, invoice_id, description, unit_price_ore) values ($1, $2, 'Kontingent', 59999)`,
      [world.communityA, note],
    );
    expect(await failureOf(f.issue(note))).toBe('credit_note_mismatch');
    expect((await f.invoice(id)).status).toBe('issued');
    expect(
      await failureOf(world.as(f.admin, `update invoices set status = 'credited' where id = $1`, [id])),
    ).toBe('invalid_transition');
  });
});
