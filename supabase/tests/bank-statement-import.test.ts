// Bank statement import (decision 1062): each credit is matched by FI payment identification,
// then an invoice number in the text, then amount and payer name; exact matches are booked as
// bank transfers (so in the ledger), the rest are exceptions for the treasurer; importing the
// same statement twice books nothing twice. PGlite and PostgreSQL.
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

const fiId = async (number: number) =>
  (await world.db.query<{ id: string }>('select app_private.fi_payment_id($1) as id', [number])).rows[0]!.id;

async function issued(name: string, ore: number) {
  const account = await f.account(name, { kind: 'member' });
  const id = await f.draft(account, [{ description: 'Kontingent', unitPriceOre: ore }]);
  return { account, id, number: await f.issue(id) };
}

const importStatement = async (lines: { booked_on: string; text: string; amount_ore: number }[]) =>
  (
    await world.as<{ result: Record<string, number> }>(
      'billingAdminA',
      'select import_bank_statement($1, $2::jsonb) as result',
      [world.communityA, JSON.stringify(lines)],
    )
  )[0]!.result;

describe('bank statement import', () => {
  it('books exact matches and lists the rest, once', async () => {
    const byFi = await issued('Anna Berg', 60000);
    const byNumber = await issued('Bo Carlsen', 45000);
    const byName = await issued('Cecilie Dam', 31700);
    const partly = await issued('Dorte Eriksen', 50000);
    const other = await issued('Erik Falk', 20000);
    const fi = await fiId(byFi.number);
    const otherFi = await fiId(other.number);
    const wrongCheck = otherFi.slice(0, 14) + String((Number(otherFi.at(-1)) + 1) % 10);
    const statement = [
      { booked_on: '2026-11-20', text: `FI +71<${fi}+85338555< Anna Berg`, amount_ore: 60000 },
      { booked_on: '2026-11-20', text: `Kontingent faktura ${byNumber.number}`, amount_ore: 45000 },
      { booked_on: '2026-11-21', text: 'Overførsel fra CECILIE DAM', amount_ore: 31700 },
      { booked_on: '2026-11-21', text: `FI ${await fiId(partly.number)}`, amount_ore: 20000 },
      { booked_on: '2026-11-22', text: `FI ${wrongCheck}`, amount_ore: 20000 },
      { booked_on: '2026-11-22', text: 'MobilePay overførsel', amount_ore: 12345 },
      { booked_on: '2026-11-22', text: 'Hal-leje november', amount_ore: -150000 },
    ];
    expect(await importStatement(statement)).toEqual({
      lines: 7,
      matched: 3,
      exceptions: 3,
      duplicates: 0,
      outgoing: 1,
    });
    for (const paid of [byFi, byNumber, byName]) {
      expect(await f.invoice(paid.id)).toMatchObject({ status: 'paid' });
      expect(await f.balance(paid.account)).toMatchObject({ balance_ore: '0' });
    }
    const ledger = await world.db.query<{ kind: string; amount_ore: string }>(
      `select kind, amount_ore::text from ledger_entries where invoice_id = $1 and kind = 'payment'`,
      [byFi.id],
    );
    expect(ledger.rows).toEqual([{ kind: 'payment', amount_ore: '-60000' }]);
    expect(await f.invoice(partly.id)).toMatchObject({ status: 'issued', paid_ore: '0' });
    expect(await f.invoice(other.id)).toMatchObject({ status: 'issued', paid_ore: '0' });
    const exceptions = await world.as<{
      kind: string;
      amount_ore: string;
      expected_ore: string | null;
      detail: string;
    }>(
      'billingAdminA',
      `select kind, amount_ore::text, expected_ore::text, detail from payment_exceptions
        where community_id = $1 and payload ->> 'source' = 'bank_statement' order by amount_ore desc, kind`,
      [world.communityA],
    );
    expect(exceptions.map((e) => [e.kind, e.amount_ore, e.expected_ore])).toEqual([
      ['amount_mismatch', '20000', '50000'],
      ['unknown_reference', '20000', null],
      ['unknown_reference', '12345', null],
    ]);
    expect(exceptions[1]!.detail).toMatch(/wrong check digit/);
    const lines = await world.as<{ matched_by: string | null }>(
      'billingAdminA',
      'select matched_by from bank_statement_lines where community_id = $1 order by booked_on, amount_ore desc',
      [world.communityA],
    );
    expect(lines.map((l) => l.matched_by)).toEqual([
      'fi',
      'invoice_number',
      'amount_and_name',
      null,
      null,
      null,
      null,
    ]);

    // The same statement again, and a statement that overlaps it: nothing is booked twice.
    expect(await importStatement(statement)).toEqual({
      lines: 7,
      matched: 0,
      exceptions: 0,
      duplicates: 7,
      outgoing: 0,
    });
    const payments = await world.db.query<{ n: number }>(
      `select count(*)::int as n from invoice_payments where invoice_id = any($1::uuid[])`,
      [[byFi.id, byNumber.id, byName.id, partly.id, other.id]],
    );
    expect(payments.rows[0]!.n).toBe(3);
    // Two equal lines in one statement are two payments, not a duplicate.
    const twice = await issued('Frida Gram', 10000);
    const twin = { booked_on: '2026-11-23', text: `Faktura ${twice.number}`, amount_ore: 10000 };
    expect(await importStatement([twin, twin])).toMatchObject({ matched: 1, exceptions: 1, duplicates: 0 });
  });

  it('is for the billing admins of the community only, and refuses a malformed line', async () => {
    const line = [{ booked_on: '2026-11-20', text: 'x', amount_ore: 100 }];
    expect(
      await failureOf(
        world.as('memberA', 'select import_bank_statement($1, $2::jsonb)', [
          world.communityA,
          JSON.stringify(line),
        ]),
      ),
    ).toBe('not_allowed');
    expect(
      await failureOf(
        world.as('adminB', 'select import_bank_statement($1, $2::jsonb)', [
          world.communityA,
          JSON.stringify(line),
        ]),
      ),
    ).toBe('not_allowed');
    expect(await failureOf(importStatement([{ booked_on: 'i går', text: 'x', amount_ore: 100 }]))).toBe(
      'invalid_statement_line',
    );
    expect(await world.as('memberA', 'select 1 from bank_statement_lines')).toEqual([]);
  });
});
