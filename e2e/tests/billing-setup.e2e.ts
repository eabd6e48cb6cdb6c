// Setting up billing in Chromium, in Danish: payment terms within renteloven §9b (a schedule
// too close together is refused on the field), a plan, a payer (an organisation without CVR is
// refused), a draft invoice written from the plan and issued from the payer's page, and the
// billing home showing it as outstanding; screenshots in both languages, colour modes and phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'kasserer@kajakklubben.dk';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'kajak', name: 'Kajakklubben' }, ['billing']);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

type Options = { colorScheme?: 'light' | 'dark'; viewport?: 'phone' | 'desktop'; language?: 'da' | 'en' };

async function open(path: string, heading: string, options: Options = {}) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const language = options.language ?? 'da';
  await signIn(page, platform, adminEmail, password, language, `/${language}/kajak/billing${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return { page, errors, close: () => context.close() };
}

const one = async <T>(sql: string, params: unknown[] = []) =>
  (await platform.db.query<T>(sql, params)).rows[0];

async function confirm(page: Page, title: RegExp, button: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('heading', { name: title }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('billing set-up', () => {
  it('makes payment terms, refusing reminders closer than ten days', async () => {
    const { page, errors, close } = await open('/terms', 'Betalingsbetingelser');
    await page.getByRole('button', { name: 'Nye betalingsbetingelser' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nye betalingsbetingelser' });
    await dialog.getByLabel('Navn').fill('Standard');
    await dialog.getByLabel('Rykkere (dage efter forfald)').fill('3, 8');
    await dialog.getByRole('button', { name: 'Gem betingelser' }).click();
    await dialog.getByText('Der skal være mindst ti dage mellem rykkerne (renteloven § 9 b).').waitFor();
    await dialog.getByLabel('Rykkere (dage efter forfald)').fill('3, 13');
    await dialog.getByLabel('Gebyr pr. rykker (kr.)').fill('100');
    await dialog.getByRole('button', { name: 'Gem betingelser' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Rykkere 3, 13 dage efter forfald, 100,00 kr. pr. rykker').waitFor();
    const terms = await one<{ reminder_days: number[]; reminder_fee_ore: number; days_due: number }>(
      'select reminder_days, reminder_fee_ore, days_due from payment_terms where community_id = $1',
      [club.id],
    );
    expect(terms).toEqual({ reminder_days: [3, 13], reminder_fee_ore: 10000, days_due: 14 });
    await page.getByRole('button', { name: 'Gør til standard' }).click();
    await confirm(page, /Gør Standard til standardbetingelser\?/, 'Gør til standard');
    await page.getByText('Standard', { exact: true }).nth(1).waitFor();
    await screenshot(page, 'billing-terms-da-light');
    expect(errors).toEqual([]);
    await close();
  });

  it('asks for the payment details, refuses half a bank account, and keeps them and the ledger accounts', async () => {
    const { page, errors, close } = await open('', 'Økonomi');
    await page.getByText('Fakturaerne fortæller endnu ikke, hvordan man betaler').waitFor();
    await page.getByRole('link', { name: 'Tilføj betalingsoplysninger' }).click();
    await page.getByRole('heading', { level: 1, name: 'Betalingsbetingelser' }).waitFor();
    const details = page.getByRole('region', { name: 'Betalingsoplysninger på fakturaer' });
    await details.getByLabel('Registreringsnummer').fill('5301');
    await details.getByLabel('IBAN').fill('dk50 5301 0001 2345 67');
    await details.getByLabel('MobilePay-nummer').fill('mobilepay');
    await details.getByLabel('Postnummer').fill('8260');
    await details.getByRole('button', { name: 'Gem betalingsoplysninger' }).click();
    await details.getByText('Tilføj kontonummeret, der hører til registreringsnummeret.').first().waitFor();
    await details.getByText('Et MobilePay-nummer har 4 til 8 cifre.').first().waitFor();
    await details.getByText('Tilføj byen, der hører til postnummeret.').first().waitFor();
    await screenshot(page, 'billing-payment-details-errors-da-light');
    expect(await one('select 1 from billing_settings where community_id = $1', [club.id])).toBeUndefined();

    await details.getByLabel('Kontonummer').fill('0001234567');
    await details.getByLabel('MobilePay-nummer').fill('98765');
    await details.getByLabel('Svar-e-mail for fakturaer').fill('kasserer@kajakklubben.dk');
    await details.getByLabel('Gade og nummer').fill('Havnevej 4');
    await details.getByLabel(/^By\b/).fill('Viby J');
    await details.getByRole('button', { name: 'Gem betalingsoplysninger' }).click();
    await page.getByText('Betalingsoplysningerne er gemt').first().waitFor();
    expect(
      await one(
        `select bank_reg_no, bank_account_no, iban, mobilepay_number, invoice_email, street, postal_code, city
           from billing_settings where community_id = $1`,
        [club.id],
      ),
    ).toEqual({
      bank_reg_no: '5301',
      bank_account_no: '0001234567',
      iban: 'DK5053010001234567',
      mobilepay_number: '98765',
      invoice_email: 'kasserer@kajakklubben.dk',
      street: 'Havnevej 4',
      postal_code: '8260',
      city: 'Viby J',
    });
    expect(
      await one<{ actor_email: string; changed: string[] }>(
        `select actor_email, array(select jsonb_object_keys(details) order by 1) as changed from audit_log
          where community_id = $1 and action = 'settings_changed' order by id desc limit 1`,
        [club.id],
      ),
    ).toEqual({
      actor_email: adminEmail,
      changed: [
        'bank_account_no',
        'bank_reg_no',
        'city',
        'iban',
        'invoice_email',
        'mobilepay_number',
        'postal_code',
        'street',
      ],
    });
    await screenshot(page, 'billing-payment-details-da-light');

    await page.getByRole('navigation', { name: 'Økonomi' }).getByRole('link', { name: 'Overblik' }).click();
    const ledger = page.getByRole('region', { name: 'Konti i kontoplanen' });
    await ledger.getByLabel('Debitorer').fill('56A0');
    await ledger.getByRole('button', { name: 'Gem konti' }).click();
    await ledger.getByText('Et kontonummer er 1 til 10 cifre.').first().waitFor();
    await ledger.getByLabel('Debitorer').fill('5610');
    await ledger.getByRole('button', { name: 'Gem konti' }).click();
    await page.getByText('Kontiene er gemt').first().waitFor();
    expect(
      await one('select debtor_account, vat_account from billing_settings where community_id = $1', [
        club.id,
      ]),
    ).toEqual({ debtor_account: '5610', vat_account: '7700' });
    expect(await page.getByText('Fakturaerne fortæller endnu ikke, hvordan man betaler').count()).toBe(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('makes a plan and a payer, and writes and issues a draft invoice from the plan', async () => {
    const { page, errors, close } = await open('/plans', 'Planer');
    await page.getByRole('link', { name: 'Ny plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ny plan' }).waitFor();
    await page.getByLabel('Navn').fill('Seniorkontingent 2027');
    await page.getByLabel('Pris (kr.)').fill('1.200');
    await page.getByRole('button', { name: 'Gem plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Seniorkontingent 2027' }).waitFor();
    const plan = await one<{ price_ore: number; vat_exempt: boolean; billing_interval: string }>(
      'select price_ore, vat_exempt, billing_interval from billing_plans where community_id = $1',
      [club.id],
    );
    expect(plan).toEqual({ price_ore: 120000, vat_exempt: true, billing_interval: 'annually' });

    await page.getByRole('navigation', { name: 'Økonomi' }).getByRole('link', { name: 'Betalere' }).click();
    await page.getByRole('link', { name: 'Ny betaler' }).click();
    // The payer list has a "Type" filter too: wait for the new payer's page before choosing.
    await page.getByRole('heading', { level: 1, name: 'Ny betaler' }).waitFor();
    await page.getByLabel('Type').selectOption('organisation');
    await page.getByLabel('Navn').fill('Vejle Kommune Idræt');
    await page.getByLabel('E-mail').fill('idraet@vejle.dk');
    await page.getByRole('button', { name: 'Gem betaler' }).click();
    await page.getByText('En virksomhed eller forening faktureres med sit CVR-nummer (8 cifre).').waitFor();
    await page.getByLabel('CVR-nummer').fill('2940 4412');
    await page.getByRole('button', { name: 'Gem betaler' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vejle Kommune Idræt' }).waitFor();

    await page.getByRole('button', { name: 'Ny fakturakladde' }).click();
    const draft = page.getByRole('dialog', { name: 'Fakturakladde til Vejle Kommune Idræt' });
    await draft.getByLabel('Tilføj fra plan').selectOption({ label: 'Seniorkontingent 2027 · 1.200,00 kr.' });
    await draft.getByRole('button', { name: 'Tilføj linje' }).click();
    await draft.getByLabel('Beskrivelse').nth(1).fill('Klubtrøje');
    await draft.getByLabel('Stykpris (kr.)').nth(1).fill('200');
    await draft.getByLabel('Moms').nth(1).selectOption('taxable');
    await draft.getByRole('button', { name: 'Gem linjer' }).click();
    await page.getByText('Kladdens linjer er gemt', { exact: true }).waitFor();
    await draft.getByText('1.450,00 kr.').first().waitFor();
    await screenshot(page, 'billing-draft-da-light');
    await draft.getByRole('button', { name: 'Udsted' }).click();
    await confirm(page, /Udsted fakturaen til Vejle Kommune Idræt\?/, 'Udsted');
    await page
      .getByRole('dialog', { name: /^Faktura \d+$/ })
      .getByRole('button', { name: 'Luk' })
      .click();
    await page.getByTestId('account-balance').getByText('1.450,00 kr.').waitFor();
    const lines = await platform.db.query<{ description: string; vat_ore: number; plan: boolean }>(
      `select l.description, l.vat_ore, l.plan_id is not null as plan from invoice_lines l
       join invoices i on i.id = l.invoice_id where i.community_id = $1 and i.status = 'issued' order by l.sort_order`,
      [club.id],
    );
    expect(lines.rows.map((r) => [r.description, Number(r.vat_ore), r.plan])).toEqual([
      ['Seniorkontingent 2027', 0, true],
      ['Klubtrøje', 5000, false],
    ]);
    await screenshot(page, 'billing-account-da-light');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows the money on the billing home, each figure leading to its list', async () => {
    const { page, errors, close } = await open('', 'Økonomi');
    const outstanding = page.getByRole('link', { name: /Udestående/ });
    await outstanding.getByText('1.450,00 kr.').waitFor();
    await screenshot(page, 'billing-home-da-light');
    await outstanding.click();
    await page.waitForURL(
      (url) => url.pathname.endsWith('/billing/invoices') && url.searchParams.get('status') === 'issued',
    );
    await page.getByRole('cell', { name: 'Vejle Kommune Idræt', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in both languages, both colour modes and on a phone', async () => {
    const screens: [string, string, string][] = [
      ['', 'Økonomi', 'Billing'],
      ['/plans', 'Planer', 'Plans'],
      ['/terms', 'Betalingsbetingelser', 'Payment terms'],
      ['/accounts', 'Betalere', 'Payers'],
    ];
    for (const [path, da, en] of screens) {
      const name = `billing-${path.slice(1) || 'home'}`;
      for (const [suffix, options, heading] of [
        ['da-dark', { colorScheme: 'dark' }, da],
        ['da-phone', { viewport: 'phone' }, da],
        ['en-light', { language: 'en' }, en],
        ['en-dark', { language: 'en', colorScheme: 'dark' }, en],
      ] as [string, Options, string][]) {
        const { page, errors, close } = await open(path, heading, options);
        await page
          .locator('main')
          .getByText(/Vejle|Standard|Seniorkontingent|1\.450|1,450/)
          .filter({ visible: true })
          .first()
          .waitFor();
        await screenshot(page, `${name}-${suffix}`);
        expect(errors).toEqual([]);
        await close();
      }
    }
  });
});
