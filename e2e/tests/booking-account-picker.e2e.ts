// A bookable product's billing account in Chromium, in Danish on a dark phone (issue #39): the
// club has dozens of payer accounts and two called "Jens Hansen". The editor finds accounts by
// typing, tells the namesakes apart by e-mail, town and kind, saves the chosen one, shows it
// again with its details, says in words when nothing matches, and can take the account away.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let productId: string;
const accounts: Record<string, string> = {};
const email = 'kasse@egebjerg-if.dk';
const password = 'egebjerg-kasse-2026';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const admin = await createUser(platform, email, password, 'Karin Kasse');
  club = await addMembership(
    platform,
    admin,
    { slug: 'egebjerg', name: 'Egebjerg IF' },
    { role: 'member', areas: ['booking', 'billing'] },
  );
  const { rows } = await platform.db.query<{ id: string }>(
    `insert into booking_products (community_id, name) values ($1, 'Hal 1') returning id::text`,
    [club.id],
  );
  productId = rows[0]!.id;
  await platform.db.query(
    `insert into product_availability (community_id, product_id, weekday, starts_at, ends_at)
     select $1, $2, d, '08:00', '22:00' from generate_series(1, 7) d`,
    [club.id, productId],
  );
  // Forty households, then two namesakes in different towns.
  await platform.db.query(
    `insert into billing_accounts (community_id, kind, name, email, city)
     select $1, 'household', 'Familien Nr ' || n, 'familie' || n || '@example.dk', 'Egebjerg' from generate_series(1, 40) n`,
    [club.id],
  );
  for (const [key, mail, city, kind] of [
    ['odense', 'jens.hansen@example.dk', 'Odense', 'household'],
    ['aarhus', 'jh@aarhus-vvs.dk', 'Aarhus', 'organisation'],
  ] as const) {
    const account = await platform.db.query<{ id: string }>(
      `insert into billing_accounts (community_id, kind, name, email, city, cvr)
       values ($1, $2, 'Jens Hansen', $3, $4, case when $2 = 'organisation' then '12345674' end) returning id::text`,
      [club.id, kind, mail, city],
    );
    accounts[key] = account.rows[0]!.id;
  }
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page, target: string) {
  await page.goto(`${platform.url}/da/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
}

const storedAccount = async () =>
  (
    await platform.db.query<{ account_id: string | null }>(
      'select account_id::text from booking_products where id = $1',
      [productId],
    )
  ).rows[0]!.account_id;

describe('booking product account', () => {
  it('is found by typing, namesakes told apart, saved, shown again and taken away', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const editor = `/da/egebjerg/booking/products/${productId}`;
    await signIn(page, editor);
    const save = async () => {
      await page.getByRole('button', { name: 'Gem ressource' }).click();
      await page.waitForURL((url) => url.pathname === '/da/egebjerg/booking/products');
      await page.getByRole('link', { name: 'Hal 1' }).first().click();
      await page.waitForURL((url) => url.pathname === editor);
    };

    // No list of 42 accounts: a search field.
    const search = page.getByRole('searchbox', { name: 'Konto', exact: true });
    await search.waitFor();
    expect(await page.getByRole('combobox', { name: 'Konto' }).count()).toBe(0);
    await search.fill('zz-ingen');
    await page.getByText('Ingen betalerkonto passer.', { exact: false }).waitFor();
    await search.fill('jens');
    const results = page.getByRole('list', { name: 'Fundne betalerkonti' });
    await expect.poll(() => results.getByRole('button').count()).toBe(2);
    await results
      .getByRole('button', { name: 'Vælg Jens Hansen (jens.hansen@example.dk · Odense · Husstand)' })
      .waitFor();
    const aarhus = results.getByRole('button', {
      name: 'Vælg Jens Hansen (jh@aarhus-vvs.dk · Aarhus · Organisation)',
    });
    await screenshot(page, 'booking-account-picker-da-dark-phone');
    await aarhus.click();
    await page.getByText('jh@aarhus-vvs.dk · Aarhus · Organisation').waitFor();
    await save();
    expect(await storedAccount()).toBe(accounts.aarhus);

    // Opened again, the chosen account is named with its details; changing it takes it away.
    await page.getByText('jh@aarhus-vvs.dk · Aarhus · Organisation').waitFor();
    await page.getByRole('button', { name: 'Skift kontoen Jens Hansen' }).click();
    await search.waitFor();
    await save();
    expect(await storedAccount()).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
