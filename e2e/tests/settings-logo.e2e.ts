// The community's logo on the settings screen, in Chromium, in Danish, in dark mode on a phone:
// an owner is refused a file that is not an image (in words), uploads a PNG and saves, and the
// logo shows in the top bar beside the community's name; replaces it with a JPEG; removes it,
// and the top bar goes back to the plain icon. The database row follows each save.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const ownerEmail = 'formand@lystrup-fk.dk';
const ownerPassword = 'lystrup-logo-2026';

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// The smallest JPEG a browser shows: one grey pixel.
const onePixelJpeg = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const owner = await createUser(platform, ownerEmail, ownerPassword, 'Lone Formand');
  club = await addMembership(
    platform,
    owner,
    { slug: 'lystrup', name: 'Lystrup Fodboldklub' },
    { role: 'owner', areas: ['member'] },
  );
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page) {
  const target = '/da/lystrup/settings';
  await page.goto(`${platform.url}/da/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel('E-mail').fill(ownerEmail);
  await page.getByLabel('Adgangskode', { exact: true }).fill(ownerPassword);
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
}

const storedLogo = async () =>
  (
    await platform.db.query<{ logo_path: string | null }>('select logo_path from communities where id = $1', [
      club.id,
    ])
  ).rows[0]!.logo_path;

describe('community logo', () => {
  it('is uploaded, shown in the top bar, replaced and removed by an owner, in Danish on a dark phone', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page);
    const logoInput = page.getByLabel('Logo', { exact: true });
    const preview = page.getByRole('img', { name: 'Foreningens logo' });
    const topBarLogo = page.getByRole('banner').getByTestId('community-logo');
    const save = async () => {
      await page.getByRole('button', { name: 'Gem', exact: true }).click();
      await page.getByText('Indstillingerne for Lystrup Fodboldklub er gemt.').first().waitFor();
    };
    await page.getByRole('button', { name: 'Vælg et logo' }).waitFor();
    await page.getByRole('banner').getByText('Lystrup Fodboldklub').waitFor();

    await logoInput.setInputFiles({
      name: 'logo.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('ikke et billede'),
    });
    await page.getByText('Filen er ikke et PNG- eller JPEG-billede. Vælg en .png- eller .jpg-fil.').waitFor();

    await logoInput.setInputFiles({ name: 'lystrup.png', mimeType: 'image/png', buffer: onePixelPng });
    await preview.waitFor();
    await save();
    await expect.poll(storedLogo).toMatch(new RegExp(`^${club.id}/logo/[0-9a-f-]+\\.png$`));
    const first = (await storedLogo())!;
    await topBarLogo.waitFor();
    expect(await topBarLogo.getAttribute('src')).toContain(first);
    await screenshot(page, 'settings-logo-da-dark-phone');

    await page.getByRole('button', { name: 'Udskift logo' }).waitFor();
    await logoInput.setInputFiles({ name: 'lystrup.jpg', mimeType: 'image/jpeg', buffer: onePixelJpeg });
    await expect.poll(async () => (await preview.getAttribute('src')) ?? '').toMatch(/\.jpg$/);
    await save();
    await expect.poll(storedLogo).toMatch(new RegExp(`^${club.id}/logo/[0-9a-f-]+\\.jpg$`));
    const second = (await storedLogo())!;
    await expect.poll(async () => (await topBarLogo.getAttribute('src')) ?? '').toContain(second);
    const served = await page.request.get((await topBarLogo.getAttribute('src'))!);
    expect(served.status()).toBe(200);
    expect(Buffer.from(await served.body())).toEqual(onePixelJpeg);

    await page.getByRole('button', { name: 'Fjern logo' }).click();
    await preview.waitFor({ state: 'detached' });
    await save();
    await topBarLogo.waitFor({ state: 'detached' });
    await expect.poll(storedLogo).toBeNull();
    await page.getByRole('button', { name: 'Vælg et logo' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
