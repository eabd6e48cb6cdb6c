// Volunteer fee credit and the community fee run, in Chromium, in Danish: a "klubhjælp" rule is
// made (wrong hours and a season ending before it starts are refused first), the members'
// hours and the check-ins behind them are shown, and the fee run from the billing home issues
// the fee invoices with the earned credit as a line on the volunteer's invoice; a second look
// finds nothing left to invoice. Every date is fixed, in 2026, so the day of the run is not.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'kasserer@svommeklub.dk';
const ids: Record<string, string> = {};

const one = async (sql: string, params: unknown[]) =>
  (await platform.db.query<{ id: string }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'svomklub', name: 'Svømmeklubben' }, ['billing']);
  const group = await one(
    `insert into groups (community_id, title, payment_frequency, price_ore) values ($1, 'Morgensvømning', 'monthly', 20000) returning id`,
    [club.id],
  );
  for (const first of ['Birgit', 'Carsten', 'Dorthe']) {
    ids[first] = await one(
      `insert into members (community_id, first_name, last_name, email) values ($1, $2, 'Møller', lower($2) || '@example.dk') returning id`,
      [club.id, first],
    );
  }
  // Birgit and Carsten swim; Dorthe only volunteers.
  for (const first of ['Birgit', 'Carsten'])
    await platform.db.query(
      `insert into group_members (community_id, group_id, member_id, joined_at) values ($1, $2, $3, '2026-01-05T10:00:00Z')`,
      [club.id, group, ids[first]],
    );
  const event = await one(
    `insert into events (community_id, title, starts_at, ends_at, status)
     values ($1, 'Stævne', '2026-05-02T06:00:00Z', '2026-05-02T18:00:00Z', 'published') returning id`,
    [club.id],
  );
  const job = async (title: string) =>
    one(
      `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, $3, 10) returning id`,
      [club.id, event, title],
    );
  const timekeeper = await job('Tidtager');
  const judge = await job('Dommer');
  // Birgit: 3 h + 2 h = 5 h (earns the credit). Dorthe: 3 h (2 h short).
  const shift = (jobId: string, member: string, from: string, to: string) =>
    platform.db.query(
      `insert into volunteer_signups (community_id, job_id, member_id, checked_in_at, checked_out_at) values ($1, $2, $3, $4, $5)`,
      [club.id, jobId, member, from, to],
    );
  await shift(timekeeper, ids.Birgit!, '2026-05-02T07:00:00Z', '2026-05-02T10:00:00Z');
  await shift(judge, ids.Birgit!, '2026-05-02T12:00:00Z', '2026-05-02T14:00:00Z');
  await shift(timekeeper, ids.Dorthe!, '2026-05-02T07:00:00Z', '2026-05-02T10:00:00Z');
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function open(
  path: string,
  heading: string,
  options: { colorScheme?: 'light' | 'dark'; viewport?: 'phone' | 'desktop' } = {},
) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, 'da', `/da/svomklub/billing${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  return { page, errors, close: () => context.close() };
}

async function typeDate(page: Page, scope: ReturnType<Page['getByRole']>, label: string, value: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(value);
  await input.press('Tab');
}

describe('volunteer credit and the fee run', () => {
  it('makes a rule, shows the hours behind it, and the fee run puts the credit on the fee invoice', async () => {
    const { page, errors, close } = await open('/credit', 'Klubhjælp');
    await page.getByText('Ingen regler for klubhjælp endnu').waitFor();
    await page.getByRole('button', { name: 'Ny regel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny regel' });
    await dialog.getByLabel('Navn').fill('Sæson 2026');
    await dialog.getByLabel('Timer der skal til').fill('0');
    await dialog.getByLabel('Rabat (kr.)').fill('150');
    await typeDate(page, dialog, 'Sæsonen starter', '01.01.2026');
    await typeDate(page, dialog, 'Sæsonen slutter', '31.12.2025');
    await dialog.getByRole('button', { name: 'Gem regel' }).click();
    await dialog.getByText('Skriv timerne som et tal over 0, fx 5 eller 7,5.').waitFor();
    await dialog.getByLabel('Timer der skal til').fill('5');
    await dialog.getByRole('button', { name: 'Gem regel' }).click();
    await dialog.getByText('Sæsonen kan ikke slutte, før den starter.').waitFor();
    const none = await platform.db.query('select 1 from volunteer_credit_rules where community_id = $1', [
      club.id,
    ]);
    expect(none.rows).toEqual([]);

    await typeDate(page, dialog, 'Sæsonen slutter', '31.12.2026');
    await dialog.getByRole('button', { name: 'Gem regel' }).click();
    await page.getByText('Sæson 2026 er gemt', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const rule = await platform.db.query<{ min_hours: string; credit_ore: number; season_end: string }>(
      `select min_hours::text, credit_ore, season_end::text from volunteer_credit_rules where community_id = $1`,
      [club.id],
    );
    expect(rule.rows).toEqual([{ min_hours: '5.00', credit_ore: 15000, season_end: '2026-12-31' }]);

    const standing = page.getByRole('region', { name: 'Medlemmernes timer under Sæson 2026' });
    const birgit = standing.getByRole('listitem').filter({ hasText: 'Birgit Møller' });
    await birgit.getByText('Nok timer; trækkes fra på næste kontingentfaktura').waitFor();
    await birgit.getByText('5,00 timer').waitFor();
    const dorthe = standing.getByRole('listitem').filter({ hasText: 'Dorthe Møller' });
    await dorthe.getByText('Mangler 2,00 timer').waitFor();
    // The row names the member once; the button's name says whose hours it shows to a screen
    // reader, and its text is short.
    const showHours = birgit.getByRole('button', { name: 'Vis timerne for Birgit Møller' });
    expect(await showHours.textContent()).toBe('Vis timer');
    expect(await standing.getByText(/^Vis timerne for /).count()).toBe(0);
    await showHours.click();
    const behind = birgit.getByRole('list', { name: 'Indtjekninger bag timerne' });
    await behind
      .getByRole('listitem')
      .filter({ hasText: 'Stævne · Tidtager' })
      .getByText(/3,00 timer/)
      .waitFor();
    await behind
      .getByRole('listitem')
      .filter({ hasText: 'Stævne · Dommer' })
      .getByText(/2,00 timer/)
      .waitFor();
    await screenshot(page, 'billing-volunteer-credit-da-light');

    // The fee run for September 2026 from the billing home.
    await page
      .getByRole('navigation', { name: 'Økonomi', exact: true })
      .getByRole('link', { name: 'Overblik' })
      .click();
    const run = page.getByRole('region', { name: 'Kontingentopkrævning' });
    await typeDate(page, run, 'En dag i perioden', '31.02.2026');
    await run.getByText('Skriv en dato som 15.09.2026.').waitFor();
    await run.getByRole('button', { name: 'Kør kontingentopkrævning' }).waitFor({ state: 'detached' });
    await typeDate(page, run, 'En dag i perioden', '15.09.2026');
    const summary = run.getByTestId('fee-run-summary');
    await expect
      .poll(async () => (await summary.textContent())?.replace(/\s+/g, ' '))
      .toBe('I alt 400,00 kr. på 2 opkrævninger til 2 medlemmer. Op til 150,00 kr. i klubhjælp trækkes fra.');
    await run.getByRole('button', { name: 'Kør kontingentopkrævning' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Udsted kontingentfakturaer til 2 medlemmer?' }).waitFor();
    await confirm.getByRole('button', { name: 'Kør kontingentopkrævning' }).click();
    await confirm.waitFor({ state: 'detached' });
    await run.getByText('I alt 250,00 kr. på 2 udstedte fakturaer.', { exact: true }).waitFor();
    await expect
      .poll(async () => (await summary.textContent())?.replace(/\s+/g, ' '))
      .toBe('Intet at opkræve for perioden: alle medlemmer er faktureret.');

    const invoices = await platform.db.query<{ first_name: string; status: string; total_ore: string }>(
      `select m.first_name, i.status, i.total_ore::text from invoices i
       join billing_accounts a on a.id = i.account_id join members m on m.id = a.member_id
       where i.community_id = $1 order by m.first_name`,
      [club.id],
    );
    expect(invoices.rows).toEqual([
      { first_name: 'Birgit', status: 'issued', total_ore: '5000' },
      { first_name: 'Carsten', status: 'issued', total_ore: '20000' },
    ]);
    const lines = await platform.db.query<{ description: string; net_ore: string }>(
      `select l.description, l.net_ore::text from invoice_lines l join invoices i on i.id = l.invoice_id
       join billing_accounts a on a.id = i.account_id where a.member_id = $1 order by l.sort_order`,
      [ids.Birgit],
    );
    expect(lines.rows).toEqual([
      { description: 'Morgensvømning, 2026-09', net_ore: '20000' },
      { description: 'Klubhjælp, Sæson 2026: 5,0 timer', net_ore: '-15000' },
    ]);

    // The volunteer's invoice shows the credit line, and the rule shows where the credit went.
    await page
      .getByRole('navigation', { name: 'Økonomi', exact: true })
      .getByRole('link', { name: 'Fakturaer' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Fakturaer' }).waitFor();
    await page.getByRole('cell', { name: 'Birgit Møller', exact: true }).click();
    const invoice = page.getByRole('dialog', { name: /^Faktura \d+$/ });
    await invoice.getByText('Klubhjælp, Sæson 2026: 5,0 timer').waitFor();
    await invoice.getByTestId('invoice-owed').getByText('50,00 kr.').waitFor();
    await invoice.getByRole('button', { name: 'Luk' }).click();
    await invoice.waitFor({ state: 'detached' });
    await page
      .getByRole('navigation', { name: 'Økonomi', exact: true })
      .getByRole('link', { name: 'Klubhjælp' })
      .click();
    await standing
      .getByRole('listitem')
      .filter({ hasText: 'Birgit Møller' })
      .getByText('150,00 kr. trukket fra på en kontingentfaktura')
      .waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in dark mode and on a phone', async () => {
    const credit = await open('/credit', 'Klubhjælp', { colorScheme: 'dark', viewport: 'phone' });
    await credit.page
      .getByRole('region', { name: 'Medlemmernes timer under Sæson 2026' })
      .getByText('Dorthe Møller', { exact: true })
      .waitFor();
    await screenshot(credit.page, 'billing-volunteer-credit-da-dark-phone');
    expect(credit.errors).toEqual([]);
    await credit.close();
    const home = await open('', 'Økonomi', { colorScheme: 'dark', viewport: 'phone' });
    await home.page
      .getByRole('region', { name: 'Kontingentopkrævning' })
      .getByTestId('fee-run-summary')
      .waitFor();
    await home.page.getByRole('region', { name: 'Kontingentopkrævning' }).scrollIntoViewIfNeeded();
    await screenshot(home.page, 'billing-fee-run-da-dark-phone');
    expect(home.errors).toEqual([]);
    await home.close();
  });
});
