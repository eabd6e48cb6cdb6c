// Small builders for the billing database tests: accounts, draft invoices with lines,
// issuing and paying as the community's billing admin.
import type { Row } from '../../../apps/server/src/database/database';
import type { World } from './domain-world';

export interface LineInput {
  description: string;
  unitPriceOre: number;
  quantity?: number;
  vatRateBp?: number;
  planId?: string;
}

export function billingFixture(world: World) {
  const admin = 'billingAdminA' as const;
  const one = async <T extends Row>(sql: string, params: unknown[]) =>
    (await world.as<T>(admin, sql, params))[0]!;

  const account = async (name: string, fields: Record<string, unknown> = {}) => {
    const columns = ['community_id', 'name', ...Object.keys(fields)];
    const values = [world.communityA, name, ...Object.values(fields)];
    const row = await one<{ id: string }>(
      `insert into billing_accounts (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
       returning id`,
      values,
    );
    return row.id;
  };

  const draft = async (accountId: string, lines: LineInput[]) => {
    const { id } = await one<{ id: string }>(
      `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
      [world.communityA, accountId],
    );
    for (const [index, line] of lines.entries()) {
      const rate = line.vatRateBp ?? 0;
      await world.as(
        admin,
        `insert into invoice_lines (community_id, invoice_id, description, quantity, unit_price_ore, vat_rate_bp,
           vat_exempt, sort_order, plan_id) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          world.communityA,
          id,
          line.description,
          line.quantity ?? 1,
          line.unitPriceOre,
          rate,
          rate === 0,
          index,
          line.planId ?? null,
        ],
      );
    }
    return id;
  };

  const issue = async (invoiceId: string) =>
    Number((await one<{ n: string }>(`select issue_invoice($1) as n`, [invoiceId])).n);

  const pay = (invoiceId: string, amountOre: number, method = 'bank_transfer') =>
    world.as(
      admin,
      `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, $3, $4::payment_method)`,
      [world.communityA, invoiceId, amountOre, method],
    );

  const invoice = (invoiceId: string) =>
    world.db
      .query<{
        number: string | null;
        status: string;
        kind: string;
        subtotal_ore: string;
        vat_ore: string;
        total_ore: string;
        paid_ore: string;
        fees_ore: string;
        due_on: string | null;
      }>(
        `select number::text, status, kind, subtotal_ore::text, vat_ore::text, total_ore::text, paid_ore::text,
                fees_ore::text, due_on::text from invoices where id = $1`,
        [invoiceId],
      )
      .then((r) => r.rows[0]!);

  const balance = (accountId: string) =>
    world.db
      .query<{ outstanding_ore: string; credit_ore: string; balance_ore: string }>(
        `select outstanding_ore::text, credit_ore::text, balance_ore::text from billing_account_balances where account_id = $1`,
        [accountId],
      )
      .then((r) => r.rows[0]!);

  return { admin, account, draft, issue, pay, invoice, balance };
}
