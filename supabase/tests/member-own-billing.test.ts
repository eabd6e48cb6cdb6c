// What a member sees of their own billing in the member app: their payer accounts and the
// invoices on them (billing_accounts_own_read, invoices_own_read), and the invoice as the club
// wrote it (invoice_document); never another member's, never another community's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, failureOf, type World } from './support/domain-world';

let world: World;
let ownAccount: string;
let ownInvoice: string;
let otherAccount: string;
let otherInvoice: string;

async function accountWithInvoice(memberId: string, name: string): Promise<[string, string]> {
  const account = await world.db.query<{ id: string }>(
    `insert into billing_accounts (community_id, name, member_id) values ($1, $2, $3) returning id`,
    [world.communityA, name, memberId],
  );
  const invoice = await world.db.query<{ id: string }>(
    `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
    [world.communityA, account.rows[0]!.id],
  );
  return [account.rows[0]!.id, invoice.rows[0]!.id];
}

beforeAll(async () => {
  world = await createWorld();
  [ownAccount, ownInvoice] = await accountWithInvoice(world.memberOf.memberA!, 'Mette Jensen');
  [otherAccount, otherInvoice] = await accountWithInvoice(world.memberOf.managerA!, 'Morten Jensen');
});

afterAll(async () => {
  await world?.close();
});

describe("a member's own billing", () => {
  it('reads their own payer account and its invoices, with the embedding the member app uses', async () => {
    const accounts = await world.as<{ id: string }>('memberA', 'select id from billing_accounts order by id');
    expect(accounts.map((r) => r.id)).toEqual([ownAccount]);
    const invoices = await world.as<{ id: string }>(
      'memberA',
      `select i.id from invoices i join billing_accounts a on a.id = i.account_id where a.member_id = $1`,
      [world.memberOf.memberA],
    );
    expect(invoices.map((r) => r.id)).toEqual([ownInvoice]);
    const [doc] = await world.as<{ doc: { invoice: { id: string } } }>(
      'memberA',
      'select invoice_document($1) as doc',
      [ownInvoice],
    );
    expect(doc!.doc.invoice.id).toBe(ownInvoice);
  });

  it("never reads another member's account or invoice, nor another community's", async () => {
    expect(
      await world.as('memberA', 'select id from billing_accounts where id = $1', [otherAccount]),
    ).toEqual([]);
    expect(await world.as('memberA', 'select id from invoices where id = $1', [otherInvoice])).toEqual([]);
    expect(await failureOf(world.as('memberA', 'select invoice_document($1)', [otherInvoice]))).toBe(
      'invoice_not_found',
    );
    for (const actor of ['adminB', 'newsAdminA', 'anon'] as const) {
      expect(await world.as(actor, 'select id from billing_accounts where id = $1', [ownAccount])).toEqual(
        [],
      );
    }
    // Reading is all: the member cannot change their payer account.
    expect(
      await world.as('memberA', `update billing_accounts set name = 'X' where id = $1 returning id`, [
        ownAccount,
      ]),
    ).toEqual([]);
  });
});
