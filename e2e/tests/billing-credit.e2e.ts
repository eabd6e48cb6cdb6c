// Paying an invoice from the payer's credit, in Chromium, in Danish: credit left by an overpayment
// pays a smaller invoice in full; credit smaller than the invoice pays part of it; a payer with
// no credit is not offered it; credit spent in another window meanwhile is refused with a message.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'kasserer@roklubben.dk';

/** An issued invoice of one VAT-exempt line; its id and gap-free number. */
async function issued(accountId: string, description: string, ore: number) {
  const invoice = await platform.db.query<{ id: string }>(
    `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
    [club.id, accountId],
  );
  const id = invoice.rows[0]!.id;
  await platform.db.query(
    `insert into invoice_lines (community_id, invoice_id, sort_order, description, quantity, unit_price_ore, vat_exempt, vat_rate_bp)
     values ($1, $2, 0, $3, 1, $4, true, 0)`,
    [club.id, id, description, ore],
  );
  const { rows } = await platform.db.query<{ number: number }>(
    `update invoices set status = 'issued' where id = $1 returning number`,
    [id],
  );
  return { id, number: Number(rows[0]!.number) };
}

/** A household payer. */
async function payer(name: string) {
  const { rows } = await platform.db.query<{ id: string }>(
    `insert into billing_accounts (community_id, kind, name) values ($1, 'household', $2) returning id`,
    [club.id, name],
  );
  return rows[0]!.id;
}

/**
 * Credit on the account, left by an invoice paid `overpaid` too much. Made after the invoices
 * it is to pay were issued: an invoice issued while there is credit spends it at once
 * (decision 1041), so paying from credit by hand is for invoices that were open before.
 */
async function overpay(accountId: string, overpaid: number) {
  const first = await issued(accountId, 'Kontingent 2027', 30000);
  await platform.db.query(
    `insert into invoice_payments (community_id, invoice_id, amount_ore, method) values ($1, $2, $3, 'bank_transfer')`,
    [club.id, first.id, 30000 + overpaid],
  );
}

const creditOf = async (accountId: string) =>
  Number(
    (
      await platform.db.query<{ credit: string }>(
        'select coalesce(sum(amount_ore), 0)::text as credit from account_credits where account_id = $1',
        [accountId],
      )
    ).rows[0]!.credit,
  );

const invoiceState = async (id: string) => {
  const { rows } = await platform.db.query<{ status: string; paid_ore: string }>(
    'select status, paid_ore::text from invoices where id = $1',
    [id],
  );
  return { status: rows[0]!.status, paid: Number(rows[0]!.paid_ore) };
};

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'roklub', name: 'Roklubben' }, ['billing']);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function invoicesPage() {
  const context = await newContext(browser, {});
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, 'da', `/da/roklub/billing/invoices`);
  await page.getByRole('heading', { level: 1, name: 'Fakturaer' }).waitFor();
  return { page, errors, close: () => context.close() };
}

async function openInvoice(page: Page, number: number) {
  await page.getByRole('cell', { name: String(number), exact: true }).click();
  const detail = page.getByRole('dialog', { name: `Faktura ${number}` });
  await detail.getByTestId('invoice-owed').waitFor();
  return detail;
}

async function payFromCredit(page: Page, number: number, account: string) {
  const detail = page.getByRole('dialog', { name: `Faktura ${number}` });
  await detail.getByRole('button', { name: 'Betal med tilgodehavende' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm
    .getByRole('heading', { name: `Betal faktura ${number} med ${account}s tilgodehavende?` })
    .waitFor();
  return confirm;
}

describe('paying from account credit', () => {
  it('pays an invoice in full from credit, and in part when the credit is smaller', async () => {
    const mette = await payer('Mette Holm');
    const jens = await payer('Jens Dahl');
    const karen = await payer('Karen Lund');
    const small = await issued(mette, 'Vinteropbevaring', 15000);
    const large = await issued(jens, 'Bådplads 2027', 40000);
    const none = await issued(karen, 'Kontingent 2027', 20000);
    await overpay(mette, 20000);
    await overpay(jens, 10000);
    expect(await creditOf(mette)).toBe(20000);
    expect(await creditOf(jens)).toBe(10000);
    const { page, errors, close } = await invoicesPage();

    // Enough credit: 150 kr. of the 200 kr. pays the invoice; 50 kr. stays on the account.
    let detail = await openInvoice(page, small.number);
    await detail.getByTestId('invoice-account-credit').getByText('200,00 kr.').waitFor();
    let confirm = await payFromCredit(page, small.number, 'Mette Holm');
    await confirm.getByText('150,00 kr. af kontoens tilgodehavende', { exact: false }).waitFor();
    await screenshot(page, 'billing-pay-from-credit-da-light');
    await confirm.getByRole('button', { name: 'Betal med tilgodehavende' }).click();
    await page.getByText('150,00 kr. betalt med tilgodehavende', { exact: true }).waitFor();
    await confirm.waitFor({ state: 'detached' });
    await detail.getByTestId('invoice-owed').getByText('0,00 kr.').waitFor();
    await detail.getByTestId('invoice-account-credit').waitFor({ state: 'detached' });
    expect(await invoiceState(small.id)).toEqual({ status: 'paid', paid: 15000 });
    expect(await creditOf(mette)).toBe(5000);
    const used = await platform.db.query<{ method: string; amount_ore: string }>(
      'select method, amount_ore::text from invoice_payments where invoice_id = $1',
      [small.id],
    );
    expect(used.rows).toEqual([{ method: 'account_credit', amount_ore: '15000' }]);
    await detail.getByRole('button', { name: 'Luk' }).click();
    await detail.waitFor({ state: 'detached' });

    // Too little credit: the 100 kr. there is pays part of the 400 kr.; 300 kr. is still owed.
    detail = await openInvoice(page, large.number);
    await detail.getByTestId('invoice-account-credit').getByText('100,00 kr.').waitFor();
    confirm = await payFromCredit(page, large.number, 'Jens Dahl');
    await confirm.getByText('100,00 kr. af kontoens tilgodehavende', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Betal med tilgodehavende' }).click();
    await page.getByText('100,00 kr. betalt med tilgodehavende', { exact: true }).waitFor();
    await detail.getByTestId('invoice-owed').getByText('300,00 kr.').waitFor();
    await detail.getByRole('button', { name: 'Betal med tilgodehavende' }).waitFor({ state: 'detached' });
    expect(await invoiceState(large.id)).toEqual({ status: 'issued', paid: 10000 });
    expect(await creditOf(jens)).toBe(0);
    await detail.getByRole('button', { name: 'Luk' }).click();
    await detail.waitFor({ state: 'detached' });

    // No credit: the invoice offers only an ordinary payment.
    detail = await openInvoice(page, none.number);
    await detail.getByRole('button', { name: 'Registrér betaling' }).waitFor();
    expect(await detail.getByRole('button', { name: 'Betal med tilgodehavende' }).count()).toBe(0);
    expect(await detail.getByTestId('invoice-account-credit').count()).toBe(0);
    expect(await invoiceState(none.id)).toEqual({ status: 'issued', paid: 0 });
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses with a message when the credit was spent in another window meanwhile', async () => {
    const ole = await payer('Ole Berg');
    const first = await issued(ole, 'Nøgle', 5000);
    const second = await issued(ole, 'Klubtrøje', 5000);
    await overpay(ole, 5000);
    const one = await invoicesPage();
    const two = await invoicesPage();

    await openInvoice(one.page, first.number);
    const waiting = await payFromCredit(one.page, first.number, 'Ole Berg');

    await openInvoice(two.page, second.number);
    const spend = await payFromCredit(two.page, second.number, 'Ole Berg');
    await spend.getByRole('button', { name: 'Betal med tilgodehavende' }).click();
    await two.page.getByText('50,00 kr. betalt med tilgodehavende', { exact: true }).waitFor();
    expect(await creditOf(ole)).toBe(0);

    await waiting.getByRole('button', { name: 'Betal med tilgodehavende' }).click();
    await one.page.getByText('Kontoen har intet tilgodehavende at bruge.', { exact: true }).waitFor();
    await waiting.waitFor({ state: 'detached' });
    const detail = one.page.getByRole('dialog', { name: `Faktura ${first.number}` });
    await detail.getByRole('button', { name: 'Betal med tilgodehavende' }).waitFor({ state: 'detached' });
    await detail.getByTestId('invoice-owed').getByText('50,00 kr.').waitFor();
    expect(await invoiceState(first.id)).toEqual({ status: 'issued', paid: 0 });
    expect(await invoiceState(second.id)).toEqual({ status: 'paid', paid: 5000 });
    expect(await creditOf(ole)).toBe(0);
    expect(one.errors).toEqual([]);
    expect(two.errors).toEqual([]);
    await one.close();
    await two.close();
  });
});
