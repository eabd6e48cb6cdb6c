// Volunteer fee credit ("klubhjælp") from checked-in hours onto the next fee invoice, the
// invoice document read and the accounting export (docs/decisions/0864, 0865).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFixture } from './support/billing-fixture';
import { addMember, createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let f: ReturnType<typeof billingFixture>;
const ids: Record<string, string> = {};

const one = async (sql: string, params: unknown[]) =>
  (await world.db.query<{ id: string }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  world = await createWorld();
  f = billingFixture(world);
  const a = world.communityA;
  ids.event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status) values ($1, 'Klubdag', '2026-05-02T08:00:00Z',
       '2026-05-02T16:00:00Z', 'published') returning id`,
    [a],
  );
  ids.job = await one(
    `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Kiosk', 10) returning id`,
    [a, ids.event],
  );
  const shift = (member: string, from: string, to: string) =>
    world.db.query(
      `insert into volunteer_signups (community_id, job_id, member_id, checked_in_at, checked_out_at) values ($1, $2, $3, $4, $5)`,
      [a, ids.job, member, from, to],
    );
  // Nina: 3 h + 2 h 15 min = 5.25 h. Otto: 4 h. Both have membership accounts.
  ids.nina = await addMember(world.db, a, 'Nina');
  ids.otto = await addMember(world.db, a, 'Otto');
  await shift(ids.nina!, '2026-05-02T08:00:00Z', '2026-05-02T11:00:00Z');
  await world.db.query(`insert into volunteer_jobs (community_id, event_id, title) values ($1, $2, 'Bar')`, [
    a,
    ids.event,
  ]);
  const bar = await one(`select id from volunteer_jobs where title = 'Bar'`, []);
  await world.db.query(
    `insert into volunteer_signups (community_id, job_id, member_id, checked_in_at, checked_out_at) values ($1, $2, $3, $4, $5)`,
    [a, bar, ids.nina!, '2026-06-10T15:00:00Z', '2026-06-10T17:15:00Z'],
  );
  await shift(ids.otto, '2026-05-02T08:00:00Z', '2026-05-02T12:00:00Z');
  ids.rule = await one(
    `insert into volunteer_credit_rules (community_id, name, min_hours, credit_ore, season_start, season_end)
     values ($1, 'Sæson 2026', 5, 50000, '2026-01-01', '2026-12-31') returning id`,
    [a],
  );
  ids.plan = await one(
    `insert into billing_plans (community_id, name, price_ore) values ($1, 'Senior', 120000) returning id`,
    [a],
  );
  ids.ninaAccount = await f.account('Nina Jensen', {
    kind: 'member',
    member_id: ids.nina,
    email: 'nina@example.dk',
  });
  ids.ottoAccount = await f.account('Otto Jensen', { kind: 'member', member_id: ids.otto });
});
afterAll(async () => {
  await world?.close();
});

const lines = (invoice: string) =>
  world.as<{ description: string; line_kind: string; net_ore: string }>(
    f.admin,
    `select description, line_kind, net_ore::text from invoice_lines where invoice_id = $1 order by sort_order, id`,
    [invoice],
  );

describe('volunteer fee credit', () => {
  it('shows who has how many hours and which check-ins are behind them', async () => {
    const standing = await world.as<{ full_name: string; hours: string; qualifies: boolean }>(
      f.admin,
      'select full_name, hours::text, qualifies from volunteer_credit_standing($1)',
      [ids.rule],
    );
    expect(standing).toEqual([
      { full_name: 'Nina Jensen', hours: '5.25', qualifies: true },
      { full_name: 'Otto Jensen', hours: '4.00', qualifies: false },
    ]);
    const behind = await world.as<{ job_title: string; hours: string }>(
      f.admin,
      'select job_title, hours::text from volunteer_credit_hours($1, $2)',
      [ids.rule, ids.nina],
    );
    expect(behind).toEqual([
      { job_title: 'Kiosk', hours: '3.00' },
      { job_title: 'Bar', hours: '2.25' },
    ]);
    expect(
      await failureOf(world.as('memberA', 'select * from volunteer_credit_standing($1)', [ids.rule])),
    ).toBe('rule_not_found');
  });

  it('puts the credit on the next fee invoice once, and not on an invoice of someone short of hours', async () => {
    const fee = await f.draft(ids.ninaAccount!, [
      { description: 'Senior 2026', unitPriceOre: 120000, planId: ids.plan },
    ]);
    await f.issue(fee);
    expect(await lines(fee)).toEqual([
      { description: 'Senior 2026', line_kind: 'charge', net_ore: '120000' },
      { description: 'Klubhjælp, Sæson 2026: 5,3 timer', line_kind: 'credit', net_ore: '-50000' },
    ]);
    expect(await f.invoice(fee)).toMatchObject({ total_ore: '70000', status: 'issued' });
    const next = await f.draft(ids.ninaAccount!, [
      { description: 'Senior 2027', unitPriceOre: 120000, planId: ids.plan },
    ]);
    await f.issue(next);
    expect((await lines(next)).map((l) => l.line_kind)).toEqual(['charge']);
    const otto = await f.draft(ids.ottoAccount!, [
      { description: 'Senior 2026', unitPriceOre: 120000, planId: ids.plan },
    ]);
    await f.issue(otto);
    expect((await f.invoice(otto)).total_ore).toBe('120000');
  });

  it('goes on a group fee run and never takes an invoice below zero', async () => {
    const a = world.communityA;
    await world.db.query(
      `insert into volunteer_credit_rules (community_id, name, min_hours, credit_ore, season_start, season_end)
       values ($1, 'Forår', 3, 100000, '2026-05-01', '2026-05-31')`,
      [a],
    );
    const group = await one(
      `insert into groups (community_id, title, payment_frequency, price_ore) values ($1, 'Motion', 'monthly', 25000) returning id`,
      [a],
    );
    await world.db.query(
      `insert into group_members (community_id, group_id, member_id, joined_at) values ($1, $2, $3, '2026-01-01')`,
      [a, group, ids.otto],
    );
    const billed = await world.as<{ invoice_id: string; total_ore: string }>(
      f.admin,
      'select invoice_id, total_ore::text from invoice_group_fees($1, $2)',
      [a, '2026-06-15'],
    );
    expect(billed).toHaveLength(1);
    expect(await lines(billed[0]!.invoice_id)).toEqual([
      { description: 'Motion, 2026-06', line_kind: 'charge', net_ore: '25000' },
      { description: 'Klubhjælp, Forår: 4,0 timer', line_kind: 'credit', net_ore: '-25000' },
    ]);
    // Fully covered: nothing to pay, so the invoice is paid on issue.
    expect(await f.invoice(billed[0]!.invoice_id)).toMatchObject({ total_ore: '0', status: 'paid' });
  });
});

describe('invoice document and accounting export', () => {
  it('reads everything a document needs, for billing admins only', async () => {
    await world.db.query(
      `insert into billing_settings (community_id, bank_reg_no, bank_account_no, mobilepay_number) values ($1, '1234', '0012345678', '12345')`,
      [world.communityA],
    );
    await world.db.query(`update communities set cvr = '11223344' where id = $1`, [world.communityA]);
    const id = await f.draft(ids.ottoAccount!, [
      { description: 'Trøje', unitPriceOre: 20000, vatRateBp: 2500 },
    ]);
    const number = await f.issue(id);
    const doc = (
      await world.as<{ doc: Record<string, Record<string, unknown>> }>(
        f.admin,
        'select invoice_document($1) as doc',
        [id],
      )
    )[0]!.doc;
    expect(doc!.invoice).toMatchObject({ number, total_ore: 25000, vat_ore: 5000 });
    expect(doc!.club).toMatchObject({ name: 'Alpha IF', cvr: '11223344' });
    expect(doc!.payment).toMatchObject({ bank_reg_no: '1234', bank_account_no: '0012345678' });
    expect(doc!.lines).toEqual([
      expect.objectContaining({ description: 'Trøje', net_ore: 20000, vat_ore: 5000 }),
    ]);
    expect(await failureOf(world.as('memberA', 'select invoice_document($1)', [id]))).toBe(
      'invoice_not_found',
    );
    // An account without a member (a household here) is no member's to read either.
    const household = await f.draft(await f.account('Familien Holm', { kind: 'household' }), [
      { description: 'Kontingent', unitPriceOre: 1000 },
    ]);
    expect(await failureOf(world.as('memberA', 'select invoice_document($1)', [household]))).toBe(
      'invoice_not_found',
    );
    // The member reads the document of their own account's invoice.
    const own = await f.draft(await f.account('Mette', { member_id: world.memberOf.memberA }), [
      { description: 'Kontingent', unitPriceOre: 1000 },
    ]);
    expect(await failureOf(world.as('memberA', 'select invoice_document($1)', [own]))).toBe('succeeded');
  });

  it('posts invoices, credit notes and payments so that every voucher balances', async () => {
    const account = await f.account('Pia Kjær');
    const id = await f.draft(account, [
      { description: 'Kontingent', unitPriceOre: 100000 },
      { description: 'Baneleje', unitPriceOre: 40000, vatRateBp: 2500 },
    ]);
    const number = await f.issue(id);
    await f.pay(id, 50000, 'mobilepay');
    await world.as(f.admin, 'select credit_invoice($1)', [id]);
    const today = new Date().toISOString().slice(0, 10);
    const postings = await world.as<{
      voucher: string;
      account: string;
      amount_ore: string;
      vat_code: string;
    }>(f.admin, 'select voucher, account, amount_ore::text, vat_code from accounting_postings($1, $2, $3)', [
      world.communityA,
      '2000-01-01',
      '2100-01-01',
    ]);
    const ofVoucher = (v: string) => postings.filter((p) => p.voucher === v);
    expect(ofVoucher(String(number))).toEqual([
      { voucher: String(number), account: '5600', amount_ore: '150000', vat_code: '' },
      { voucher: String(number), account: '1000', amount_ore: '-100000', vat_code: 'MOMSFRI' },
      { voucher: String(number), account: '1010', amount_ore: '-40000', vat_code: 'U25' },
      { voucher: String(number), account: '7700', amount_ore: '-10000', vat_code: 'U25' },
    ]);
    expect(ofVoucher(String(number + 1)).map((p) => Number(p.amount_ore))).toEqual([
      -150000, 100000, 40000, 10000,
    ]);
    expect(ofVoucher(`${number}-B`).map((p) => [p.account, p.amount_ore])).toEqual([
      ['5820', '50000'],
      ['5600', '-50000'],
    ]);
    const sums = new Map<string, number>();
    for (const p of postings) sums.set(p.voucher, (sums.get(p.voucher) ?? 0) + Number(p.amount_ore));
    expect([...sums.values()].every((s) => s === 0)).toBe(true);
    const csv = (
      await world.as<{ csv: string }>(f.admin, 'select accounting_export_csv($1, $2, $3) as csv', [
        world.communityA,
        today,
        today,
      ])
    )[0]!.csv;
    const rows = csv!.trim().split('\n');
    expect(rows[0]).toBe('Dato;Bilag;Konto;Tekst;Beløb;Momskode');
    expect(rows).toContain(
      `${today.split('-').reverse().join('-')};${number};5600;"Faktura ${number}, Pia Kjær";1500,00;`,
    );
    expect(
      await failureOf(
        world.as(f.admin, 'select * from accounting_postings($1, $2, $3)', [
          world.communityA,
          today,
          '2000-01-01',
        ]),
      ),
    ).toBe('invalid_period');
  });
});
