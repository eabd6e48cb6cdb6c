// A member pays an invoice online from the member app, in Chromium at phone size, in Danish
// (decision 1034): the invoice shows the reminder fee and what is left, "Betal … nu" with MobilePay
// goes through start_checkout and the checkout function to the provider (Prism serving Vipps
// MobilePay's official ePayment spec, every request validated), the browser lands on the
// provider's page (answered here, as the provider cannot be reached), comes back to Me, which
// waits for the confirmation; the provider's notification, signed as the provider signs it, marks
// the invoice paid and the page says so by itself. A club without a provider offers no button.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { signWebhook } from '../../supabase/functions/_shared/payments/vipps-webhook-signature';
import { startVippsPrism, type VippsPrism } from '../../supabase/tests/support/vipps-prism';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';
import { signIn } from './events-fixtures';

let prism: VippsPrism;
let platform: TestPlatform;
let browser: Browser;
let envDir: string;
let club: Community;
let otherClub: Community;
const memberEmail = 'signe@sejlklubben.dk';
const memberPassword = 'medlem-kode-2027';
const webhookSecret = 'e2e-webhook-secret-' + crypto.randomBytes(8).toString('hex');

async function issuedInvoice(community: Community, memberId: string, ore: number) {
  const account = await platform.db.query<{ id: string }>(
    `insert into billing_accounts (community_id, kind, name, email, member_id)
     values ($1, 'member', 'Signe Vind', $2, $3) returning id`,
    [community.id, memberEmail, memberId],
  );
  const invoice = await platform.db.query<{ id: string }>(
    `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
    [community.id, account.rows[0]!.id],
  );
  const id = invoice.rows[0]!.id;
  await platform.db.query(
    `insert into invoice_lines (community_id, invoice_id, sort_order, description, quantity, unit_price_ore, vat_exempt, vat_rate_bp)
     values ($1, $2, 0, 'Kontingent 2027', 1, $3, true, 0)`,
    [community.id, id, ore],
  );
  const issued = await platform.db.query<{ n: string }>(`select issue_invoice($1)::text as n`, [id]);
  return { id, number: issued.rows[0]!.n };
}

async function notify(community: Community, reference: string, name: string, ore: number) {
  const body = JSON.stringify({
    msn: '123456',
    reference,
    pspReference: `psp-${crypto.randomBytes(4).toString('hex')}`,
    name,
    amount: { currency: 'DKK', value: ore },
    timestamp: new Date().toISOString(),
    idempotencyKey: null,
    success: true,
  });
  const url = new URL(`${platform.url}/functions/v1/payments-webhook?c=${community.id}`);
  const headers = signWebhook({ secret: webhookSecret, url, date: new Date().toUTCString(), rawBody: body });
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, body: (await response.json()) as { outcome?: string } };
}

beforeAll(async () => {
  prism = await startVippsPrism();
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-pay-'));
  fs.writeFileSync(path.join(envDir, '.env'), `PAYMENTS_VIPPS_BASE_URL=${prism.origin}\n`);
  platform = await startE2ePlatform({
    FUNCTIONS_ENV_FILE: path.join(envDir, '.env'),
    FUNCTIONS_PUBLIC: 'payments-webhook',
  });
  browser = await launchBrowser();
  const userId = await createUser(platform, memberEmail, memberPassword, 'Signe Vind');
  club = await addMembership(platform, userId, { slug: 'sejlklub', name: 'Sejlklubben Vinden' });
  otherClub = await addMembership(platform, userId, { slug: 'kajakklub', name: 'Kajakklubben' });
  for (const c of [club, otherClub])
    await platform.db.query(
      `insert into members (community_id, user_id, first_name, last_name, email) values ($1, $2, 'Signe', 'Vind', $3)`,
      [c.id, userId, memberEmail],
    );
  const saved = await platform.adminClient().rpc('save_payment_provider', {
    p_community_id: club.id,
    p_settings: {
      environment: 'test',
      merchant_serial_number: '123456',
      client_id: 'test-client-id',
      client_secret: 'test-client-secret',
      subscription_key: 'test-subscription-key',
      webhook_secret: webhookSecret,
    },
  });
  expect(saved.error).toBeNull();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await prism?.stop();
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

const memberId = async (community: Community) =>
  (
    await platform.db.query<{ id: string }>(`select id from members where community_id = $1 and email = $2`, [
      community.id,
      memberEmail,
    ])
  ).rows[0]!.id;

describe('paying an invoice from the member app', () => {
  it('pays with MobilePay, comes back, and sees the invoice paid once the provider confirms', async () => {
    const invoice = await issuedInvoice(club, await memberId(club), 60000);
    // A reminder fee of 100 kr. is on the invoice: what is left is 700 kr.
    await platform.db.query(`update invoices set fees_ore = 10000 where id = $1`, [invoice.id]);

    const context = await newContext(browser, { viewport: 'phone' });
    // The provider's landing page cannot be reached from here: answer it, and note the visit.
    const landed: string[] = [];
    await context.route('https://landing.vipps.no/**', async (route) => {
      landed.push(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<h1>MobilePay</h1>' });
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const me = '/da/m/sejlklub/me';
    await signIn(page, platform, memberEmail, memberPassword, 'da', me);
    await page.getByRole('button', { name: new RegExp(`Faktura ${invoice.number}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Faktura ${invoice.number}` });
    await dialog.getByText('Rykkergebyrer').waitFor();
    const pay = dialog.getByTestId('invoice-pay-online');
    await pay.getByRole('heading', { name: 'Betal 700,00 kr. nu' }).waitFor();
    // The club has written no other way to pay: the dialog does not say it has none.
    await pay.getByText('Du kommer til betalingssiden og tilbage hertil.', { exact: true }).waitFor();
    expect(await dialog.getByText('har endnu ikke oplyst').count()).toBe(0);
    await screenshot(page, 'member-invoice-pay-da-light-phone');
    await pay.getByRole('button', { name: 'MobilePay' }).click();
    await page.waitForURL((url) => url.hostname === 'landing.vipps.no');
    expect(landed).toHaveLength(1);

    // The order is the invoice's remainder, and the provider was asked as its spec says.
    const payment = await platform.db.query<{ reference: string; amount_ore: string; method: string }>(
      `select p.reference, p.amount_ore::text, p.method from payments p
         join order_lines l on l.order_id = p.order_id where l.invoice_id = $1`,
      [invoice.id],
    );
    expect(payment.rows).toHaveLength(1);
    expect(payment.rows[0]).toMatchObject({ amount_ore: '70000', method: 'mobilepay' });
    const created = prism.calls.filter((c) => c.method === 'POST' && c.path === '/epayment/v1/payments');
    expect(created).toHaveLength(1);
    expect(created[0]!.violations.filter((v) => v.location[0] === 'request')).toEqual([]);

    // Back in the app before the notification: it waits, and updates by itself.
    await page.goto(`${platform.url}${me}?paid=${invoice.id}`);
    await page
      .getByText(`Vi venter på, at betalingen af faktura ${invoice.number} bliver bekræftet`)
      .waitFor();
    const notified = await notify(club, payment.rows[0]!.reference, 'AUTHORIZED', 70000);
    expect(notified).toMatchObject({ status: 200, body: { outcome: 'paid' } });
    await page.getByText(`Faktura ${invoice.number} er betalt. Tak.`).waitFor({ timeout: 30_000 });
    const row = page.getByRole('button', { name: new RegExp(`Faktura ${invoice.number}`) });
    await row.getByText('Betalt').waitFor();
    expect(
      (await platform.db.query(`select status, paid_ore::text from invoices where id = $1`, [invoice.id]))
        .rows[0],
    ).toEqual({ status: 'paid', paid_ore: '70000' });
    await screenshot(page, 'member-invoice-paid-da-light-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no online payment where the club has not set it up, in English and dark mode', async () => {
    const invoice = await issuedInvoice(otherClub, await memberId(otherClub), 45000);
    const context = await newContext(browser, { viewport: 'phone', colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, memberEmail, memberPassword, 'en', '/en/m/kajakklub/me');
    // The other club's invoice list, opened next to the one that takes payment, to be sure the
    // answer is per club.
    await page.getByRole('button', { name: new RegExp(`Invoice ${invoice.number}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Invoice ${invoice.number}` });
    await dialog.getByText('Kontingent 2027').waitFor();
    // The availability answer has arrived (the network is quiet) and says no.
    await page.waitForLoadState('networkidle');
    expect(await dialog.getByTestId('invoice-pay-online').count()).toBe(0);
    await dialog.getByText('Left to pay').waitFor();
    await screenshot(page, 'member-invoice-no-online-en-dark-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
