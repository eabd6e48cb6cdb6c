// Orders in Chromium, in Danish: an order moved through its statuses from its detail, each
// move confirmed and shown in its history with who and when; a bulk move that is all or
// nothing; the list filtered by status; screenshots in both colour modes and on a phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'kasserer@fjordklubben.dk';
const orderIds: Record<string, string> = {};

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'fjordklub', name: 'Fjordklubben' }, ['booking']);
  const members = await platform.db.query<{ id: string; first_name: string }>(
    `insert into members (community_id, first_name, last_name) values ($1, 'Anne', 'Holm'), ($1, 'Bo', 'Kjær'), ($1, 'Carla', 'Lund')
     returning id, first_name`,
    [club.id],
  );
  for (const [i, m] of members.rows.entries()) {
    const order = await platform.db.query<{ id: string }>(
      `insert into orders (community_id, product_name, member_id, amount_ore) values ($1, $2, $3, $4) returning id`,
      [club.id, ['Kajakplads', 'Nøgle til klubhus', 'Bådplads'][i], m.id, [45000, 15000, 120000][i]],
    );
    orderIds[m.first_name] = order.rows[0]!.id;
  }
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function ordersPage(options: { colorScheme?: 'light' | 'dark'; viewport?: 'phone' | 'desktop' } = {}) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, 'da', `/da/fjordklub/orders`);
  await page.getByRole('heading', { level: 1, name: 'Ordrer' }).waitFor();
  return { page, errors, close: () => context.close() };
}

const statusOf = async (first: string) =>
  (await platform.db.query<{ status: string }>('select status from orders where id = $1', [orderIds[first]]))
    .rows[0]!.status;

async function confirmMove(page: Page, title: RegExp, button: string) {
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('heading', { name: title }).waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('orders', () => {
  it('moves an order through its statuses, each change confirmed and recorded with who and when', async () => {
    const { page, errors, close } = await ordersPage();
    await page.getByRole('cell', { name: 'Kajakplads', exact: true }).click();
    const detail = page.getByRole('dialog', { name: 'Ordre: Kajakplads' });
    await detail.getByText('Anne Holm').waitFor();
    await detail.getByText('450,00 kr.').waitFor();
    await detail.getByRole('button', { name: 'Flyt til Sendt til kunden' }).click();
    await confirmMove(page, /Flyt ordren på Kajakplads til Sendt til kunden\?/, 'Flyt til Sendt til kunden');
    expect(await statusOf('Anne')).toBe('sent_to_customer');

    await page.getByRole('cell', { name: 'Kajakplads', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Ordre: Kajakplads' });
    await again.getByText('Afventer betaling → Sendt til kunden').waitFor();
    await again
      .getByText(/af kasserer@fjordklubben\.dk/)
      .first()
      .waitFor();
    await again.getByRole('button', { name: 'Flyt til Aktiveret' }).click();
    await confirmMove(page, /til Aktiveret\?/, 'Flyt til Aktiveret');
    expect(await statusOf('Anne')).toBe('activated');
    await page.getByRole('cell', { name: 'Kajakplads', exact: true }).click();
    await page.getByText('Ordren har nået sin endelige status.').waitFor();
    await screenshot(page, 'orders-detail-da-light');
    await page.keyboard.press('Escape');

    const history = await platform.db.query<{ to_status: string }>(
      'select to_status from order_status_changes where order_id = $1 order by id',
      [orderIds.Anne],
    );
    expect(history.rows.map((r) => r.to_status)).toEqual([
      'awaiting_payment',
      'sent_to_customer',
      'activated',
    ]);
    expect(errors).toEqual([]);
    await close();
  });

  it('moves selected orders together and filters the list by status', async () => {
    const { page, errors, close } = await ordersPage();
    await page.getByRole('checkbox', { name: /Nøgle til klubhus/ }).check();
    await page.getByRole('checkbox', { name: /Bådplads/ }).check();
    await page.getByRole('button', { name: 'Flyt til Sendt til kunden' }).click();
    await confirmMove(page, /Flyt 2 ordrer til Sendt til kunden\?/, 'Flyt til Sendt til kunden');
    expect([await statusOf('Bo'), await statusOf('Carla')]).toEqual(['sent_to_customer', 'sent_to_customer']);

    await page.getByRole('combobox', { name: 'Status' }).selectOption('activated');
    await page.waitForURL((url) => url.searchParams.get('status') === 'activated');
    // Kajakplads is in the unfiltered list too, so wait for the filtered rows to replace it:
    // the orders moved to "sent to customer" must leave the list.
    await page.getByRole('cell', { name: 'Bådplads', exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: 'Kajakplads', exact: true }).waitFor();
    expect(await page.getByRole('cell', { name: 'Nøgle til klubhus', exact: true }).count()).toBe(0);
    await screenshot(page, 'orders-list-da-light');
    expect(errors).toEqual([]);
    await close();
  });

  it('looks right in dark mode and on a phone', async () => {
    for (const [name, options] of [
      ['orders-list-da-dark', { colorScheme: 'dark' as const }],
      ['orders-list-da-phone', { viewport: 'phone' as const }],
    ] as const) {
      const { page, errors, close } = await ordersPage(options);
      await page.locator('text=Bådplads >> visible=true').first().waitFor();
      await screenshot(page, name);
      expect(errors).toEqual([]);
      await close();
    }
  });
});
