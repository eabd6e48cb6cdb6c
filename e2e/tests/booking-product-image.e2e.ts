// A bookable product's image in Chromium, in Danish, in dark mode on a phone: a booking admin is
// refused a file that is not an image (in words), uploads a PNG and saves, and the product list
// shows it beside the name; replaces it with a JPEG; removes it, and the list shows the plain
// placeholder again. The database row follows each save.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let productId: string;
const email = 'hal@egebjerg-if.dk';
const password = 'egebjerg-hal-2026';

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// JPEG's first bytes (FF D8 FF), which the bucket's content check reads.
const jpegBytes = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const admin = await createUser(platform, email, password, 'Hanne Hal');
  club = await addMembership(
    platform,
    admin,
    { slug: 'egebjerg', name: 'Egebjerg IF' },
    { role: 'member', areas: ['booking'] },
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

const storedImage = async () =>
  (
    await platform.db.query<{ image_path: string | null }>(
      'select image_path from booking_products where id = $1',
      [productId],
    )
  ).rows[0]!.image_path;

describe('booking product image', () => {
  it('is uploaded, shown in the list, replaced and removed by a booking admin, in Danish on a dark phone', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const editor = `/da/egebjerg/booking/products/${productId}`;
    await signIn(page, editor);
    const input = page.getByLabel('Billede', { exact: true });
    const preview = page.getByRole('img', { name: 'Produktets billede' });
    const thumbnail = page.getByTestId('product-thumbnail');
    const saveAndReturn = async () => {
      await page.getByRole('button', { name: 'Gem ressource' }).click();
      await page.waitForURL((url) => url.pathname === '/da/egebjerg/booking/products');
      await page.getByRole('link', { name: 'Hal 1' }).first().waitFor();
    };
    const openEditor = async () => {
      await page.getByRole('link', { name: 'Hal 1' }).first().click();
      await page.waitForURL((url) => url.pathname === editor);
    };

    await page.getByRole('button', { name: 'Vælg et billede' }).waitFor();
    await input.setInputFiles({
      name: 'hal.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('ikke et billede'),
    });
    await page.getByText('Filen er ikke et PNG- eller JPEG-billede. Vælg en .png- eller .jpg-fil.').waitFor();
    await input.setInputFiles({ name: 'hal.png', mimeType: 'image/png', buffer: onePixelPng });
    await preview.waitFor();
    await screenshot(page, 'booking-product-image-da-dark-phone');
    await saveAndReturn();
    await expect.poll(storedImage).toMatch(new RegExp(`^${club.id}/products/[0-9a-f-]+\\.png$`));
    const first = (await storedImage())!;
    await thumbnail.first().waitFor();
    expect(await thumbnail.first().getAttribute('src')).toContain(first);
    await screenshot(page, 'booking-products-image-da-dark-phone');

    await openEditor();
    await page.getByRole('button', { name: 'Udskift billede' }).waitFor();
    await input.setInputFiles({ name: 'hal.jpg', mimeType: 'image/jpeg', buffer: jpegBytes });
    await expect.poll(async () => (await preview.getAttribute('src')) ?? '').toMatch(/\.jpg$/);
    await saveAndReturn();
    await expect.poll(storedImage).toMatch(new RegExp(`^${club.id}/products/[0-9a-f-]+\\.jpg$`));
    await expect.poll(async () => (await thumbnail.first().getAttribute('src')) ?? '').toMatch(/\.jpg$/);

    await openEditor();
    await page.getByRole('button', { name: 'Fjern billede' }).click();
    await preview.waitFor({ state: 'detached' });
    await saveAndReturn();
    await expect.poll(storedImage).toBeNull();
    await thumbnail.first().waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
