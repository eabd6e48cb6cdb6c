// The payer ledger (docs/decisions/1041): every issued invoice, reminder fee, payment, credit note
// and credit is an append-only entry, a payer's balance is the sum of its entries, an overpayment
// is credit that the next issued invoice spends, and the database refuses an entry that would make
// the ledger disagree with the invoices. Random sequences of operations end with every screen's
// figure equal to the ledger's.
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

type Figures = { balance_ore: string; outstanding_ore: string; credit_ore: string };

/** The ledger's figures for an account, read as its billing admin. */
const ledger = (accountId: string) =>
  world
    .as<Figures>(
      f.admin,
      `select balance_ore::text, outstanding_ore::text, credit_ore::text from payer_balances where account_id = $1`,
      [accountId],
    )
    .then((rows) => rows[0]!);

const entries = (accountId: string) =>
  world.as<{ kind: string; side: string; amount_ore: string; ledger_account: string }>(
    f.admin,
    `select kind, side, amount_ore::text, ledger_account from ledger_entries where account_id = $1 order by seq`,
    [accountId],
  );

/**
 * Accounts of community A whose ledger differs from what the billing screens show
 * (billing_account_summaries: payer account page, member page, billing home) or from a sum
 * over the invoices and credits themselves; and invoices whose entries do not add up to what
 * they still owe.
 */
const disagreements = async () => {
  const accounts = await world.db.query<{ id: string }>(
    `select a.id
       from billing_accounts a
       join payer_balances b on b.account_id = a.id
       join billing_account_summaries s on s.id = a.id
       left join lateral (select coalesce(sum(total_ore + fees_ore - paid_ore), 0) as owed
                            from invoices where account_id = a.id and status = 'issued' and kind = 'invoice') o on true
       left join lateral (select coalesce(sum(amount_ore), 0) as credit from account_credits where account_id = a.id) c on true
      where a.community_id = $1
        and ((b.balance_ore, b.outstanding_ore, b.credit_ore) is distinct from (s.balance_ore, s.outstanding_ore, s.credit_ore)
             or (b.outstanding_ore, b.credit_ore) is distinct from (o.owed, c.credit)
             or b.balance_ore <> b.outstanding_ore - b.credit_ore
             or b.balance_ore <> payer_balance(a.id))`,
    [world.communityA],
  );
  const invoices = await world.db.query<{ id: string }>(
    `select i.id
       from invoices i
       left join lateral (select coalesce(sum(e.amount_ore), 0) as sum from ledger_entries e
                           where e.invoice_id = i.id and e.side = 'receivable') e on true
      where i.community_id = $1 and i.kind = 'invoice'
        and e.sum <> case when i.status = 'issued' then i.total_ore + i.fees_ore - i.paid_ore else 0 end`,
    [world.communityA],
  );
  return { accounts: accounts.rows, invoices: invoices.rows };
};

describe('the ledger', () => {
  it('lets credit pay a whole invoice as it is issued, with the status counts following', async () => {
    // The file's first test: the community's only other invoice is paid by then, so the issued
    // count is 0 when the credit marks the new invoice paid, and the counts must already hold it
    // as issued (a check violation before).
    const counts = () =>
      world.db
        .query<{ status: string; invoices: number }>(
          `select status::text, invoices from invoice_status_counts where community_id = $1 and invoices > 0 order by status`,
          [world.communityA],
        )
        .then((r) => Object.fromEntries(r.rows.map((row) => [row.status, Number(row.invoices)])));
    const truth = () =>
      world.db
        .query<{ status: string; n: number }>(
          `select status::text, count(*)::int as n from invoices where community_id = $1 group by status order by status`,
          [world.communityA],
        )
        .then((r) => Object.fromEntries(r.rows.map((row) => [row.status, row.n])));
    const payer = await f.account('Credit Carl');
    const first = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 30000 }]);
    await f.issue(first);
    await f.pay(first, 50000, 'bank_transfer');
    const second = await f.draft(payer, [{ description: 'Nøgle', unitPriceOre: 15000 }]);
    await f.issue(second);
    expect(await f.invoice(second)).toMatchObject({ status: 'paid', paid_ore: '15000' });
    expect(await ledger(payer)).toEqual({ balance_ore: '-5000', outstanding_ore: '0', credit_ore: '5000' });
    expect(await counts()).toEqual(await truth());
    expect(await disagreements()).toEqual({ accounts: [], invoices: [] });
  });

  it('turns 500 kr. paid on a 375 kr. invoice into 125 kr. credit that the next issued invoice spends', async () => {
    const payer = await f.account('Ledger Lone');
    const first = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 37500 }]);
    await f.issue(first);
    expect(await ledger(payer)).toEqual({ balance_ore: '37500', outstanding_ore: '37500', credit_ore: '0' });
    await f.pay(first, 50000, 'mobilepay');
    expect(await f.invoice(first)).toMatchObject({ status: 'paid', paid_ore: '37500' });
    expect(await ledger(payer)).toEqual({ balance_ore: '-12500', outstanding_ore: '0', credit_ore: '12500' });
    expect(await f.balance(payer)).toEqual({
      outstanding_ore: '0',
      credit_ore: '12500',
      balance_ore: '-12500',
    });

    const second = await f.draft(payer, [{ description: 'Hal', unitPriceOre: 20000 }]);
    await f.issue(second);
    expect(await f.invoice(second)).toMatchObject({ status: 'issued', paid_ore: '12500' });
    expect(await ledger(payer)).toEqual({ balance_ore: '7500', outstanding_ore: '7500', credit_ore: '0' });
    expect(await entries(payer)).toEqual([
      { kind: 'charge', side: 'receivable', amount_ore: '37500', ledger_account: '5600' },
      { kind: 'payment', side: 'receivable', amount_ore: '-37500', ledger_account: '5600' },
      { kind: 'payment', side: 'credit', amount_ore: '-12500', ledger_account: '6810' },
      { kind: 'charge', side: 'receivable', amount_ore: '20000', ledger_account: '5600' },
      { kind: 'credit', side: 'receivable', amount_ore: '-12500', ledger_account: '5600' },
      { kind: 'credit', side: 'credit', amount_ore: '12500', ledger_account: '6810' },
    ]);
    expect(await disagreements()).toEqual({ accounts: [], invoices: [] });
  });

  it('is append-only, even for the database owner, and written only by the database', async () => {
    const payer = await f.account('Ledger Lars');
    const id = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 10000 }]);
    await f.issue(id);
    expect(
      await failureOf(
        world.db.query(`update ledger_entries set amount_ore = 1 where account_id = $1`, [payer]),
      ),
    ).toBe('ledger_append_only');
    expect(await failureOf(world.db.query(`delete from ledger_entries where account_id = $1`, [payer]))).toBe(
      'ledger_append_only',
    );
    expect(await failureOf(world.db.query(`truncate ledger_entries`))).toBe('ledger_append_only');
    // Nobody signed in writes entries: no privilege at all, not even for the billing admin.
    expect(
      await failureOf(
        world.as(
          f.admin,
          `insert into ledger_entries (community_id, account_id, kind, side, amount_ore, ledger_account, description)
           values ($1, $2, 'payment', 'receivable', -10000, '5600', 'Kontant')`,
          [world.communityA, payer],
        ),
      ),
    ).toBe('42501');
    expect(await ledger(payer)).toEqual({ balance_ore: '10000', outstanding_ore: '10000', credit_ore: '0' });
  });

  it('refuses at commit an entry that would make the ledger disagree with the invoices', async () => {
    const payer = await f.account('Ledger Lis');
    const id = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 10000 }]);
    await f.issue(id);
    expect(
      await failureOf(
        world.db.query(
          `insert into ledger_entries (community_id, account_id, kind, side, amount_ore, ledger_account, description)
           values ($1, $2, 'payment', 'receivable', -10000, '5600', 'Kontant uden betaling')`,
          [world.communityA, payer],
        ),
      ),
    ).toBe('ledger_disagrees');
    expect(await ledger(payer)).toEqual({ balance_ore: '10000', outstanding_ore: '10000', credit_ore: '0' });
  });

  it('voids, credit notes and reminder fees are entries too', async () => {
    const payer = await f.account('Ledger Leo');
    const voided = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 30000 }]);
    await f.issue(voided);
    await world.as(f.admin, `update invoices set status = 'void' where id = $1`, [voided]);
    const credited = await f.draft(payer, [{ description: 'Kontingent', unitPriceOre: 40000 }]);
    await f.issue(credited);
    await f.pay(credited, 15000);
    await world.as(f.admin, 'select credit_invoice($1)', [credited]);
    expect(await ledger(payer)).toEqual({ balance_ore: '-15000', outstanding_ore: '0', credit_ore: '15000' });
    // A reminder fee (set by the trusted reminder run) is a charge on the invoice.
    const late = await f.draft(payer, [{ description: 'Hal', unitPriceOre: 30000 }]);
    await f.issue(late);
    await world.db.query(`update invoices set fees_ore = 10000 where id = $1`, [late]);
    expect(await ledger(payer)).toEqual({ balance_ore: '25000', outstanding_ore: '25000', credit_ore: '0' });
    expect(await disagreements()).toEqual({ accounts: [], invoices: [] });
  });

  it('brings existing invoices, payments and credits in (the migration backfill)', async () => {
    const payer = await f.account('Ledger Liv');
    // Rows as an earlier version left them, written with the triggers off: a 375 kr. invoice paid
    // with 500 kr. and its 125 kr. credit, an open invoice partly paid and a credited one.
    await world.db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      const invoice = async (number: number, status: string, total: number, paid: number) =>
        (
          await tx.query<{ id: string }>(
            `insert into invoices (community_id, account_id, number, status, issued_on, due_on, subtotal_ore, total_ore, paid_ore)
             values ($1, $2, $3, $4::invoice_status, current_date, current_date + 14, $5, $5, $6) returning id`,
            [world.communityA, payer, number, status, total, paid],
          )
        ).rows[0]!.id;
      const paid = await invoice(9001, 'paid', 37500, 37500);
      const open = await invoice(9002, 'issued', 20000, 5000);
      const credited = await invoice(9003, 'credited', 10000, 0);
      const payment = (
        await tx.query<{ id: string }>(
          `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, 50000, 'cash')
           returning id`,
          [world.communityA, paid],
        )
      ).rows[0]!.id;
      await tx.query(
        `insert into account_credits (community_id, account_id, amount_ore, source, invoice_id, payment_id)
         values ($1, $2, 12500, 'overpayment', $3, $4)`,
        [world.communityA, payer, paid, payment],
      );
      await tx.query(
        `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, 5000, 'card')`,
        [world.communityA, open],
      );
      expect(credited).toBeTruthy();
      await tx.query(`set local session_replication_role = origin`);
      await tx.query(`select app_private.refresh_account_totals(array[$1::uuid])`, [payer]);
    });
    expect(await entries(payer)).toEqual([]);
    const written = await world.db.query<{ n: string }>(`select app_private.ledger_backfill()::text as n`);
    expect(Number(written.rows[0]!.n)).toBe(7);
    expect(await ledger(payer)).toEqual({
      balance_ore: '2500',
      outstanding_ore: '15000',
      credit_ore: '12500',
    });
    // Run again, it finds nothing new.
    expect(
      (await world.db.query<{ n: string }>(`select app_private.ledger_backfill()::text as n`)).rows[0]!.n,
    ).toBe('0');
    expect(await disagreements()).toEqual({ accounts: [], invoices: [] });
  });

  it('agrees with every screen after random sequences of issuing, paying, over-paying, crediting and voiding', async () => {
    // A small deterministic generator, so a failure can be replayed from its seed.
    let seed = 20261203;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)]!;
    const payers = [
      await f.account('Tilfældig Tove'),
      await f.account('Tilfældig Tim'),
      await f.account('Tilfældig Ib'),
    ];
    const issued: string[] = [];
    const counts: Record<string, number> = {};
    for (let step = 0; step < 60; step += 1) {
      const op = pick(['issue', 'issue', 'pay', 'pay', 'overpay', 'credit', 'void', 'apply']);
      const payer = pick(payers);
      let outcome = 'skipped';
      if (op === 'issue' || issued.length === 0) {
        const id = await f.draft(payer, [
          { description: 'Kontingent', unitPriceOre: 1000 * (1 + Math.floor(next() * 50)) },
          ...(next() < 0.3 ? [{ description: 'Trøje', unitPriceOre: 20000, vatRateBp: 2500 }] : []),
        ]);
        await f.issue(id);
        issued.push(id);
        outcome = 'issue';
      } else {
        const invoice = pick(issued);
        const state = await f.invoice(invoice);
        const owed = Number(state.total_ore) + Number(state.fees_ore) - Number(state.paid_ore);
        if ((op === 'pay' || op === 'overpay') && state.status === 'issued') {
          const amount =
            op === 'pay'
              ? Math.max(1, Math.floor(owed * next()))
              : owed + 100 * (1 + Math.floor(next() * 100));
          await f.pay(invoice, amount, pick(['mobilepay', 'card', 'cash', 'bank_transfer']));
          outcome = op;
        } else if (op === 'credit' && (state.status === 'issued' || state.status === 'paid')) {
          await world.as(f.admin, 'select credit_invoice($1)', [invoice]);
          outcome = op;
        } else if (op === 'void' && state.status === 'issued' && state.paid_ore === '0') {
          await world.as(f.admin, `update invoices set status = 'void' where id = $1`, [invoice]);
          outcome = op;
        } else if (op === 'apply' && state.status === 'issued') {
          outcome =
            (await failureOf(world.as(f.admin, 'select apply_account_credit($1)', [invoice]))) === 'succeeded'
              ? op
              : 'no_credit';
        }
      }
      counts[outcome] = (counts[outcome] ?? 0) + 1;
      expect(await disagreements(), `step ${step}: ${op}`).toEqual({ accounts: [], invoices: [] });
    }
    // The sequence did exercise the operations it is about.
    expect(counts.issue).toBeGreaterThan(5);
    expect((counts.pay ?? 0) + (counts.overpay ?? 0)).toBeGreaterThan(5);
    expect(counts.credit ?? 0).toBeGreaterThan(0);
  });
});
