// Invoices in Chromium, in Danish: a draft issued (confirmed, gap-free number), sent by e-mail
// and received with its PDF attached at a real SMTP listener; a partial and then a full payment
// until the payer's balance is zero; an invoice credited with a credit note; screenshots.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let smtp: SmtpListener;
let envDir: string;
let club: Community;
const adminEmail = 'kasserer@sejlklubben.dk';
const invoiceIds: Record<string, string> = {};
const accountIds: Record<string, string> = {};

/** A payer with a draft invoice: a VAT-exempt fee and a taxable line at 25 %. */
async function draftFor(name: string, email: string, lines: [string, number, boolean][]) {
  const account = await platform.db.query<{ id: string }>(
    `insert into billing_accounts (community_id, kind, name, email) values ($1, 'household', $2, $3) returning id`,
    [club.id, name, email],
  );
  accountIds[name] = account.rows[0]!.id;
  const invoice = await platform.db.query<{ id: string }>(
    `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
    [club.id, accountIds[name]],
  );
  invoiceIds[name] = invoice.rows[0]!.id;
  for (const [i, [description, ore, taxable]] of lines.entries())
    await platform.db.query(
      `insert into invoice_lines (community_id, invoice_id, sort_order, description, quantity, unit_price_ore, vat_exempt, vat_rate_bp)
       values ($1, $2, $3, $4, 1, $5, $6, $7)`,
      [club.id, invoiceIds[name], i, description, ore, !taxable, taxable ? 2500 : 0],
    );
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-e2e-'));
  fs.writeFileSync(
    path.join(envDir, '.env'),
    `SMTP_URL=${smtp.url}\nSMTP_FROM="Sejlklubben <kasserer@sejlklubben.dk>"\n`,
  );
  platform = await startE2ePlatform({ FUNCTIONS_ENV_FILE: path.join(envDir, '.env') });
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'sejlklub', name: 'Sejlklubben' }, ['billing']);
  await platform.db.query(
    `insert into billing_settings (community_id, bank_reg_no, bank_account_no, mobilepay_number) values ($1, '5301', '0001234567', '98765')`,
    [club.id],
  );
  // 1.000 kr. exempt + 320 kr. taxable (80 kr. VAT) = 1.400,00 kr.
  await draftFor('Pia Kjær', 'pia@example.dk', [
    ['Kontingent 2027', 100000, false],
    ['Vinteropbevaring', 32000, true],
  ]);
  await draftFor('Lars Bak', 'lars@example.dk', [['Kontingent 2027', 60000, false]]);
  await draftFor('Eva Holm', 'eva@example.dk', []);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await smtp?.close();
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

async function invoicesPage(
  options: { colorScheme?: 'light' | 'dark'; viewport?: 'phone' | 'desktop' } = {},
) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, 'da', `/da/sejlklub/billing/invoices`);
  await page.getByRole('heading', { level: 1, name: 'Fakturaer' }).waitFor();
  return { page, errors, close: () => context.close() };
}

async function confirm(page: Page, title: RegExp, button: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('heading', { name: title }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The base64 body of the mail's application/pdf part. */
function attachedPdf(raw: string): Buffer {
  const part = /Content-Type: application\/pdf;?[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  if (!part) throw new Error(`no PDF attachment in:\n${raw.slice(0, 2000)}`);
  return Buffer.from(part[1]!.replace(/\s/g, ''), 'base64');
}

const balanceOf = async (name: string) =>
  Number(
    (
      await platform.db.query<{ balance_ore: number }>(
        'select balance_ore from billing_account_summaries where id = $1',
        [accountIds[name]],
      )
    ).rows[0]!.balance_ore,
  );

async function pay(page: Page, number: number, amount: string, method: string) {
  const detail = page.getByRole('dialog', { name: `Faktura ${number}` });
  await detail.getByRole('button', { name: 'Registrér betaling' }).click();
  const form = detail.getByRole('region', { name: `Registrér betaling på faktura ${number}` });
  await form.getByLabel('Beløb (kr.)').fill(amount);
  await form.getByLabel('Betalingsmåde').selectOption(method);
  await form.getByRole('button', { name: 'Registrér betaling' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('invoices', () => {
  it('issues a draft, mails it with the PDF, and takes a partial then a full payment', async () => {
    const { page, errors, close } = await invoicesPage();
    await page.getByRole('cell', { name: 'Pia Kjær', exact: true }).click();
    const draft = page.getByRole('dialog', { name: 'Fakturakladde til Pia Kjær' });
    await draft.getByText('Vinteropbevaring').waitFor();
    await draft.getByText('1.400,00 kr.').first().waitFor();
    await draft.getByRole('button', { name: 'Udsted' }).click();
    await confirm(page, /Udsted fakturaen til Pia Kjær\?/, 'Udsted');
    const { rows } = await platform.db.query<{ number: number; status: string }>(
      'select number, status from invoices where id = $1',
      [invoiceIds['Pia Kjær']],
    );
    expect(rows[0]!.status).toBe('issued');
    const number = Number(rows[0]!.number);
    expect(number).toBe(1);

    const detail = page.getByRole('dialog', { name: `Faktura ${number}` });
    await detail.getByRole('button', { name: 'Send pr. e-mail' }).click();
    await page.getByText('Fakturaen er sendt til pia@example.dk', { exact: true }).waitFor();
    const mail = await smtp.waitFor('pia@example.dk');
    expect(mail.raw).toContain(`Faktura ${number}`);
    const pdf = attachedPdf(mail.raw);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await detail.getByText(/Sendt pr\. e-mail/).waitFor();
    await screenshot(page, 'billing-invoice-detail-da-light');

    await pay(page, number, '500', 'mobilepay');
    await page.getByText('Betaling på 500,00 kr. registreret', { exact: true }).waitFor();
    await expect.poll(() => balanceOf('Pia Kjær')).toBe(90000);
    await detail.getByTestId('invoice-owed').getByText('900,00 kr.').waitFor();
    await pay(page, number, '900,00', 'bank_transfer');
    await detail.getByTestId('invoice-owed').getByText('0,00 kr.').waitFor();
    expect(await balanceOf('Pia Kjær')).toBe(0);
    const status = await platform.db.query<{ status: string }>('select status from invoices where id = $1', [
      invoiceIds['Pia Kjær'],
    ]);
    expect(status.rows[0]!.status).toBe('paid');
    await detail.getByText('Bankoverførsel').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('credits an issued invoice with a credit note that reverses it', async () => {
    const { page, errors, close } = await invoicesPage();
    await page.getByRole('cell', { name: 'Lars Bak', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Fakturakladde til Lars Bak' })
      .getByRole('button', { name: 'Udsted' })
      .click();
    await confirm(page, /Udsted fakturaen til Lars Bak\?/, 'Udsted');
    const issued = await platform.db.query<{ number: number }>('select number from invoices where id = $1', [
      invoiceIds['Lars Bak'],
    ]);
    const number = Number(issued.rows[0]!.number);
    const detail = page.getByRole('dialog', { name: `Faktura ${number}` });
    await detail.getByRole('button', { name: 'Kreditér faktura' }).click();
    await confirm(page, new RegExp(`Kreditér faktura ${number} til Lars Bak\\?`), 'Kreditér faktura');
    await page.getByText(`Faktura ${number} krediteret`, { exact: true }).waitFor();
    await detail.getByText(`Krediteret med kreditnota ${number + 1}.`).waitFor();
    const notes = await platform.db.query<{ number: number; total_ore: number }>(
      `select number, total_ore from invoices where credited_invoice_id = $1 and kind = 'credit_note'`,
      [invoiceIds['Lars Bak']],
    );
    expect(notes.rows.map((r) => [Number(r.number), Number(r.total_ore)])).toEqual([[number + 1, 60000]]);
    expect(await balanceOf('Lars Bak')).toBe(0);
    await detail.getByRole('button', { name: 'Luk' }).click();
    await detail.waitFor({ state: 'detached' });

    await page.getByRole('combobox', { name: 'Status' }).selectOption('credited');
    await page.waitForURL((url) => url.searchParams.get('status') === 'credited');
    await page.getByText('1 faktura', { exact: true }).waitFor();
    await page.getByRole('cell', { name: String(number), exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Pia Kjær', exact: true }).count()).toBe(0);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('');
    await page.getByRole('cell', { name: `${number + 1} Kreditnota`, exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('does not offer to issue an empty draft until it has a line with an amount', async () => {
    const { page, errors, close } = await invoicesPage();
    await page.getByRole('cell', { name: 'Eva Holm', exact: true }).click();
    const draft = page.getByRole('dialog', { name: 'Fakturakladde til Eva Holm' });
    const issue = draft.getByRole('button', { name: 'Udsted' });
    await issue.waitFor();
    expect(await issue.isDisabled()).toBe(true);
    expect(await issue.getAttribute('aria-describedby')).toBe('invoice-issue-hint');
    await draft
      .getByText('Fakturaen skal have mindst én linje med et beløb, før den kan udstedes.')
      .waitFor();

    await draft.getByRole('button', { name: 'Tilføj linje' }).click();
    const line = draft.getByRole('group', { name: 'Linje 1' });
    await line.getByLabel('Beskrivelse').fill('Kajakleje juni');
    await line.getByLabel('Antal').fill('1');
    await line.getByLabel('Stykpris (kr.)').fill('250');
    await draft.getByRole('button', { name: 'Gem linjer' }).click();
    await page.getByText('Kladdens linjer er gemt').first().waitFor();
    await expect.poll(() => issue.isDisabled()).toBe(false);
    expect(await draft.getByText('Fakturaen skal have mindst én linje med et beløb').count()).toBe(0);
    await issue.click();
    await confirm(page, /Udsted fakturaen til Eva Holm\?/, 'Udsted');
    const { rows } = await platform.db.query<{ status: string; total_ore: number }>(
      'select status, total_ore::int as total_ore from invoices where id = $1',
      [invoiceIds['Eva Holm']],
    );
    expect(rows[0]).toMatchObject({ status: 'issued', total_ore: 25000 });
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in dark mode and on a phone', async () => {
    for (const [name, options] of [
      ['billing-invoices-da-light', {}],
      ['billing-invoices-da-dark', { colorScheme: 'dark' as const }],
      ['billing-invoices-da-phone', { viewport: 'phone' as const }],
    ] as const) {
      const { page, errors, close } = await invoicesPage(options);
      await page.locator('text=Pia Kjær >> visible=true').first().waitFor();
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
