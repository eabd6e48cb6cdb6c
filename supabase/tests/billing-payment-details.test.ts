// The club's payment details and ledger accounts (billing_settings, decision 0969): written by
// the community's billing admins only, checked by the database, audited with old and new values,
// and printed on invoices through invoice_document. PGlite and PostgreSQL.
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

const save = (actor: Parameters<World['as']>[0], fields: Record<string, unknown>) => {
  const columns = ['community_id', ...Object.keys(fields)];
  const values = [world.communityA, ...Object.values(fields)];
  return world.as(
    actor,
    `insert into billing_settings (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     on conflict (community_id) do update set ${Object.keys(fields)
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}
     returning *`,
    values,
  );
};

describe('billing settings', () => {
  it('are written and read by the billing admins of the community only', async () => {
    const [row] = await save('billingAdminA', {
      bank_reg_no: '5301',
      bank_account_no: '0001234567',
      iban: 'DK5053010001234567',
      mobilepay_number: '98765',
      invoice_email: 'kasserer@alpha-if.dk',
      street: 'Idrætsvej 1',
      postal_code: '8260',
      city: 'Viby J',
    });
    expect(row).toMatchObject({ iban: 'DK5053010001234567', debtor_account: '5600', bank_account: '5820' });
    for (const actor of ['memberA', 'eventAdminA', 'adminB', 'anon'] as const) {
      expect(
        await world.as(actor, 'select 1 from billing_settings where community_id = $1', [world.communityA]),
      ).toEqual([]);
    }
    expect(await failureOf(save('eventAdminA', { bank_reg_no: '1111', bank_account_no: '222222' }))).toBe(
      '42501',
    );
    expect(await failureOf(save('adminB', { bank_reg_no: '1111', bank_account_no: '222222' }))).toBe('42501');
    const stored = await world.db.query(
      'select bank_reg_no, bank_account_no from billing_settings where community_id = $1',
      [world.communityA],
    );
    expect(stored.rows).toEqual([{ bank_reg_no: '5301', bank_account_no: '0001234567' }]);
  });

  it('refuses malformed numbers and half a bank account, and keeps what was there', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bank_reg_no: '53', bank_account_no: '0001234567' }, '23514'],
      [{ bank_reg_no: '5301', bank_account_no: '12' }, '23514'],
      [{ bank_reg_no: null, bank_account_no: '0001234567' }, '23514'],
      [{ bank_reg_no: '5301', bank_account_no: null }, '23514'],
      [{ iban: 'dk50 5301 0001 2345 67' }, '23514'],
      [{ mobilepay_number: 'mobilepay' }, '23514'],
      [{ invoice_email: 'kasserer' }, '23514'],
      [{ postal_code: '82600' }, '23514'],
      [{ debtor_account: '' }, '23514'],
      [{ vat_account: '77;00' }, '23514'],
      [{ bank_account: 'Bank' }, '23514'],
    ];
    for (const [fields, code] of cases) {
      expect([fields, await failureOf(save('billingAdminA', fields))]).toEqual([fields, code]);
    }
    const stored = await world.db.query(
      'select bank_reg_no, bank_account_no, iban, debtor_account, vat_account from billing_settings where community_id = $1',
      [world.communityA],
    );
    expect(stored.rows).toEqual([
      {
        bank_reg_no: '5301',
        bank_account_no: '0001234567',
        iban: 'DK5053010001234567',
        debtor_account: '5600',
        vat_account: '7700',
      },
    ]);
  });

  it('writes each change to the audit log with the old and the new value', async () => {
    const first = await world.db.query<{ details: Record<string, unknown> }>(
      `select details from audit_log where community_id = $1 and action = 'settings_changed' order by id limit 1`,
      [world.communityA],
    );
    // The first save records what the admin set, not the defaults the row starts with.
    expect(Object.keys(first.rows[0]!.details).sort()).toEqual([
      'bank_account_no',
      'bank_reg_no',
      'city',
      'iban',
      'invoice_email',
      'mobilepay_number',
      'postal_code',
      'street',
    ]);
    expect(first.rows[0]!.details.iban).toEqual([null, 'DK5053010001234567']);
    await save('billingAdminA', {
      bank_reg_no: '9570',
      bank_account_no: '0009876543',
      debtor_account: '6100',
    });
    const { rows } = await world.db.query<{ actor_email: string; details: Record<string, unknown> }>(
      `select actor_email, details from audit_log
        where community_id = $1 and kind = 'settings' and action = 'settings_changed'
        order by id desc limit 1`,
      [world.communityA],
    );
    expect(rows[0]!.actor_email).toMatch(/^billing/);
    expect(rows[0]!.details).toEqual({
      bank_reg_no: ['5301', '9570'],
      bank_account_no: ['0001234567', '0009876543'],
      debtor_account: ['5600', '6100'],
    });
  });

  it('prints the bank account, IBAN and MobilePay number on the invoice document', async () => {
    const account = await f.account('Otto Jensen', { kind: 'member' });
    const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 60000 }]);
    await f.issue(id);
    const [row] = await world.as<{
      doc: { payment: Record<string, unknown>; club: Record<string, unknown> };
    }>('billingAdminA', 'select invoice_document($1) as doc', [id]);
    expect(row!.doc.payment).toEqual({
      bank_reg_no: '9570',
      bank_account_no: '0009876543',
      iban: 'DK5053010001234567',
      mobilepay_number: '98765',
      invoice_email: 'kasserer@alpha-if.dk',
    });
    expect(row!.doc.club).toMatchObject({ street: 'Idrætsvej 1', postal_code: '8260', city: 'Viby J' });
  });

  it('computes the FI payment identification with its modulus-10 check digit', async () => {
    const { rows } = await world.db.query<Record<string, unknown>>(
      `select app_private.fi_check_digit('00000000000002') as printer_example,
              app_private.fi_check_digit('7992739871') as luhn_example,
              app_private.fi_check_digit('12a') as not_digits,
              app_private.fi_payment_id(2) as two,
              app_private.fi_payment_id(378) as invoice_378,
              app_private.fi_payment_id(100000000000000) as too_long`,
    );
    // A printer's worked example of a +71 card: payment ID 2 gets check digit 6; and the Luhn
    // reference number 7992739871 gets 3 (the weights 2, 1, 2 ... from the right FI uses).
    expect(rows[0]).toEqual({
      printer_example: 6,
      luhn_example: 3,
      not_digits: null,
      two: '000000000000026',
      invoice_378: '000000000003780',
      too_long: null,
    });
  });

  it('keeps an 8-digit FI creditor number and refuses any other', async () => {
    for (const bad of ['1234567', '123456789', '8533855a', ' 85338555']) {
      expect([bad, await failureOf(save('billingAdminA', { fi_creditor_no: bad }))]).toEqual([bad, '23514']);
    }
    const [row] = await save('billingAdminA', { fi_creditor_no: '85338555' });
    expect(row).toMatchObject({ fi_creditor_no: '85338555' });
  });

  it("prints the +71 payment line, and the club's address and e-mail, on an issued invoice only", async () => {
    const account = await f.account('Karen Holm', { kind: 'member' });
    const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: 45000 }]);
    type Doc = { fi: Record<string, unknown> | null; club: Record<string, unknown> };
    const [draft] = await world.as<{ doc: Doc }>('billingAdminA', 'select invoice_document($1) as doc', [id]);
    expect(draft!.doc.fi).toBeNull();
    const number = await f.issue(id);
    const [row] = await world.as<{ doc: Doc }>('billingAdminA', 'select invoice_document($1) as doc', [id]);
    const { rows } = await world.db.query<{ id: string }>('select app_private.fi_payment_id($1) as id', [
      number,
    ]);
    expect(rows[0]!.id).toMatch(/^[0-9]{15}$/);
    expect(row!.doc.fi).toEqual({
      payment_id: rows[0]!.id,
      creditor_no: '85338555',
      line: `+71<${rows[0]!.id}+85338555<`,
    });
    expect(row!.doc.club).toMatchObject({
      street: 'Idrætsvej 1',
      postal_code: '8260',
      city: 'Viby J',
      email: 'kasserer@alpha-if.dk',
    });
  });

  it('no longer keeps bank details among the general settings', async () => {
    const { rows } = await world.db.query(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'community_settings' and column_name in ('bank_reg_no', 'bank_account_no', 'iban')`,
    );
    expect(rows).toEqual([]);
  });
});
