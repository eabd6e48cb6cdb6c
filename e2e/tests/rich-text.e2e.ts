// The shared rich-text editor in Chromium, through the events editor: headings, bold, a list,
// a link (an unsafe one refused with a reason) and an image by address, saved as a checked
// document, shown by the one renderer, and loaded back into the editor unchanged. In Danish,
// at phone width in dark mode too.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform } from '../support/e2e-platform';
import { createAdmin, fillDateTime, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
const adminEmail = 'ditte@roklubben.dk';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  await createAdmin(platform, adminEmail, { slug: 'roklub', name: 'Roklubben' }, ['event']);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('rich text in the events editor', () => {
  it('round-trips headings, bold, a list, a link and an image in Danish on a phone in dark mode', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'da', '/da/roklub/events/new');
    await page.getByLabel('Titel').fill('Standerhejsning');
    await fillDateTime(page, 'Starter', '10.04.2027', '10.00');

    const text = page.getByRole('textbox', { name: 'Beskrivelse' });
    const tools = page.getByRole('toolbar', { name: 'Tekstformatering' });
    await text.click();
    await tools.getByRole('button', { name: 'Overskrift', exact: true }).click();
    await page.keyboard.type('Sæsonstart');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Vi hejser standeren ');
    await tools.getByRole('button', { name: 'Fed' }).click();
    await page.keyboard.type('kl. 10');
    await tools.getByRole('button', { name: 'Fed' }).click();
    await page.keyboard.press('Enter');
    await tools.getByRole('button', { name: 'Punktopstilling' }).click();
    await page.keyboard.type('Kaffe');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Rundstykker');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');

    // A javascript: link is refused in the dialog with a reason; an https one is added.
    await tools.getByRole('button', { name: 'Link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Link' });
    await linkDialog.getByLabel('Web- eller e-mailadresse').fill('javascript:alert(1)');
    await linkDialog.getByRole('button', { name: 'Gem link' }).click();
    await linkDialog.getByText('Brug en adresse, der begynder med https://, http:// eller mailto:').waitFor();
    await linkDialog.getByLabel('Web- eller e-mailadresse').fill('roklubben.dk/program');
    await linkDialog.getByRole('button', { name: 'Gem link' }).click();
    await linkDialog.waitFor({ state: 'detached' });

    await tools.getByRole('button', { name: 'Billede' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Indsæt billede' });
    await imageDialog.getByLabel('Eller adressen på et billede').fill('http://tracker.example/p.gif');
    await imageDialog.getByLabel('Hvad billedet viser').fill('Standeren');
    await imageDialog.getByRole('button', { name: 'Indsæt billede' }).click();
    await imageDialog.getByText('Brug en billedadresse, der begynder med https://.').waitFor();
    await imageDialog
      .getByLabel('Eller adressen på et billede')
      .fill('https://images.example.dk/stander.png');
    await imageDialog.getByRole('button', { name: 'Indsæt billede' }).click();
    await imageDialog.waitFor({ state: 'detached' });
    await screenshot(page, 'rich-text-editor-da-dark-phone');

    await page.getByRole('radio', { name: 'Gem som kladde' }).check();
    await page.getByRole('button', { name: 'Gem som kladde' }).click();
    await page.waitForURL((url) => /^\/da\/roklub\/events\/[0-9a-f-]{36}$/.test(url.pathname));
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    // The address changes before the detail replaces the form, and the editor carries the same
    // label: wait for the editor to go, then for the shown document's last part, before reading.
    await page.getByRole('textbox', { name: 'Beskrivelse' }).waitFor({ state: 'detached' });
    const shown = page.getByLabel('Beskrivelse', { exact: true });
    await shown.getByRole('heading', { level: 2, name: 'Sæsonstart' }).waitFor();
    await shown.getByRole('img', { name: 'Standeren' }).waitFor();
    expect(await shown.locator('strong').textContent()).toBe('kl. 10');
    expect(await shown.getByRole('listitem').allTextContents()).toEqual(['Kaffe', 'Rundstykker']);
    const link = shown.getByRole('link', { name: 'https://roklubben.dk/program' });
    expect(await link.getAttribute('href')).toBe('https://roklubben.dk/program');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(await shown.getByRole('img', { name: 'Standeren' }).getAttribute('src')).toBe(
      'https://images.example.dk/stander.png',
    );
    await screenshot(page, 'rich-text-detail-da-dark-phone');

    const stored = await platform.db.query<{ description: { content: { type: string }[] } }>(
      'select description from events where id = $1',
      [id],
    );
    const saved = stored.rows[0]!.description;
    // The editor keeps an empty paragraph after an image, so there is somewhere to type.
    expect(saved.content.map((n) => n.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'paragraph',
      'image',
      'paragraph',
    ]);

    // Back in the editor the same document loads, and saving it unchanged stores it unchanged.
    await page.goto(`${platform.url}/da/roklub/events/${id}/edit`);
    const again = page.getByRole('textbox', { name: 'Beskrivelse' });
    await again.getByRole('heading', { name: 'Sæsonstart' }).waitFor();
    expect(await again.locator('li').allTextContents()).toEqual(['Kaffe', 'Rundstykker']);
    await page.getByRole('button', { name: /^Gem (som kladde|ændringer)$/ }).click();
    await page.waitForURL((url) => url.pathname === `/da/roklub/events/${id}`);
    await page.getByRole('heading', { level: 2, name: 'Sæsonstart' }).waitFor();
    const after = await platform.db.query('select description from events where id = $1', [id]);
    expect(after.rows[0]!.description).toEqual(saved);
    expect(errors).toEqual([]);
    await context.close();
  });
});
