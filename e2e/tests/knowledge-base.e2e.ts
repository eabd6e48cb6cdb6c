// The knowledge base in Chromium, in Danish: a knowledge-base admin finds it in the sidebar,
// adds a category, writes an article (the address follows the title; an empty text is refused
// in words), publishes and unpublishes it and finds it by search (words of its text too); screenshots light and dark,
// desktop and phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let community: Community;

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const admin = await createUser(platform, 'viden@vidensklub.dk', 'viden-klub-2026', 'Vera Viden');
  community = await addMembership(
    platform,
    admin,
    { slug: 'vidensklub', name: 'Vidensklubben' },
    { role: 'member', areas: ['knowledge_base'] },
  );
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${platform.url}/da/login?redirect=/da/vidensklub/knowledge-base`);
  await page.getByLabel('E-mail').fill('viden@vidensklub.dk');
  await page.getByLabel('Adgangskode', { exact: true }).fill('viden-klub-2026');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await page.waitForURL(`${platform.url}/da/vidensklub/knowledge-base`);
}

describe('knowledge base', () => {
  it('writes, publishes, unpublishes and finds an article, in Danish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Hovedmenu' })
      .getByRole('link', { name: 'Vidensbase' })
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Vidensbase' }).waitFor();
    await page.getByText('Ingen artikler endnu').waitFor();

    await page.getByLabel('Ny kategori').fill('Hallen');
    await page.getByRole('button', { name: 'Tilføj kategori' }).click();
    await page.getByText('Kategorien “Hallen” er tilføjet').first().waitFor();
    await screenshot(page, 'knowledge-base-empty-da-light-desktop');

    await page.getByRole('link', { name: 'Ny artikel' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Ny artikel' }).waitFor();
    await page.getByLabel('Titel').fill('Sådan booker du hallen');
    await expect.poll(() => page.getByLabel('Adresse').inputValue()).toBe('saadan-booker-du-hallen');
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Skriv artiklens tekst.').waitFor();
    await page.locator('#kb-body').click();
    await page.keyboard.type('Book hallen i kalenderen senest to dage før.');
    await page.getByLabel('Kategori').selectOption({ label: 'Hallen' });
    await page.getByLabel('Vises for').selectOption({ label: 'Medlemmer' });
    await screenshot(page, 'knowledge-base-editor-da-light-desktop');
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Artiklen “Sådan booker du hallen” er gemt som kladde').first().waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sådan booker du hallen' }).waitFor();

    await page.getByRole('button', { name: 'Udgiv' }).click();
    await page.getByText('Artiklen “Sådan booker du hallen” er udgivet').first().waitFor();
    await page.getByRole('button', { name: 'Afpublicér' }).waitFor();
    const published = await platform.db.query<{ status: string; published_at: string | null }>(
      `select status, published_at from kb_articles where community_id = $1`,
      [community.id],
    );
    expect(published.rows[0]!.status).toBe('published');
    expect(published.rows[0]!.published_at).not.toBeNull();
    await page.getByRole('button', { name: 'Afpublicér' }).click();
    await page.getByText('Artiklen “Sådan booker du hallen” er afpubliceret').first().waitFor();
    await page.getByRole('button', { name: 'Udgiv' }).waitFor();

    await page
      .getByRole('navigation', { name: 'Brødkrummesti' })
      .getByRole('link', { name: 'Vidensbase' })
      .click();
    const row = page.getByRole('row').filter({ hasText: 'Sådan booker du hallen' });
    // Words of the text, not the title: one word that is in no article hides it, then words of
    // its text in capitals and out of order find it again (search_text).
    await row.waitFor();
    await page.getByLabel('Søg i artikler').fill('kalenderen svømmehal');
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Søg i artikler').fill('SENEST kalenderen');
    await row.waitFor();
    await page.getByLabel('Søg i artikler').fill('hallen');
    await expect.poll(() => row.getByRole('cell').allTextContents()).toContain('Afpubliceret');
    await screenshot(page, 'knowledge-base-da-light-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right in dark mode on a phone', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole('heading', { level: 1, name: 'Vidensbase' }).waitFor();
    await page.getByText('Sådan booker du hallen').first().waitFor();
    await screenshot(page, 'knowledge-base-da-dark-phone');
    await page.getByText('Sådan booker du hallen').first().click();
    await page.getByRole('heading', { level: 1, name: 'Sådan booker du hallen' }).waitFor();
    await screenshot(page, 'knowledge-base-editor-da-dark-phone');
    await context.close();
  });
});
