// The clubs screens in Chromium, in Danish: an owner creates a club (a bad e-mail and a logo
// that is not an image are refused in words, a PNG logo is stored), moves a member and a group
// into it and takes the member out again (confirmed), a name that differs only in case is
// refused, and the club is deleted after a confirmation with its group kept; screenshots in both languages, light and dark, desktop and phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let community: Community;

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const owner = await createUser(platform, 'formand@klubhuset.dk', 'klub-huset-2026', 'Karen Formand');
  community = await addMembership(
    platform,
    owner,
    { slug: 'klubhuset', name: 'Klubhuset IF' },
    { role: 'owner', areas: ['member', 'group'] },
  );
  for (const name of ['Anna', 'Bent', 'Carla']) {
    await platform.db.query(
      `insert into members (community_id, first_name, last_name, email) values ($1, $2, 'Holm', lower($2) || '@holm.dk')`,
      [community.id, name],
    );
  }
  await platform.db.query(`insert into groups (community_id, title) values ($1, 'U10 piger')`, [
    community.id,
  ]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page, language: 'da' | 'en') {
  await page.goto(`${platform.url}/${language}/login?redirect=/${language}/klubhuset/clubs`);
  await page.getByLabel(language === 'da' ? 'E-mail' : 'Email').fill('formand@klubhuset.dk');
  await page
    .getByLabel(language === 'da' ? 'Adgangskode' : 'Password', { exact: true })
    .fill('klub-huset-2026');
  await page.getByRole('button', { name: language === 'da' ? 'Log ind' : 'Sign in', exact: true }).click();
  await page.waitForURL(`${platform.url}/${language}/klubhuset/clubs`);
}

describe('clubs', () => {
  it('creates a club with a logo, moves a member and a group into it and a member out, in Danish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, 'da');
    await page.getByRole('heading', { level: 1, name: 'Klubber' }).waitFor();
    await page.getByText('Ingen klubber endnu').waitFor();
    await screenshot(page, 'clubs-empty-da-light-desktop');

    await page.getByRole('button', { name: 'Ny klub' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny klub' });
    await dialog.getByLabel('Navn').fill('Fodbold');
    await dialog.getByLabel('Kontakt-e-mail').fill('fodbold-klubhuset');
    await dialog.getByRole('button', { name: 'Opret klub' }).click();
    await dialog.getByText('Skriv en e-mailadresse som navn@eksempel.dk.').waitFor();
    await dialog.getByLabel('Kontakt-e-mail').fill('fodbold@klubhuset.dk');
    await dialog.getByLabel('Kontaktperson').fill('Mads Træner');
    await dialog.getByLabel('Logo').setInputFiles({
      name: 'logo.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('ikke et billede'),
    });
    await dialog
      .getByText('Filen er ikke et PNG- eller JPEG-billede. Vælg en .png- eller .jpg-fil.')
      .waitFor();
    await dialog
      .getByLabel('Logo')
      .setInputFiles({ name: 'fodbold.png', mimeType: 'image/png', buffer: onePixelPng });
    await dialog.getByRole('img', { name: 'Klubbens logo' }).waitFor();
    await screenshot(page, 'clubs-create-da-light-desktop');
    await dialog.getByRole('button', { name: 'Opret klub' }).click();

    await page.getByRole('heading', { level: 1, name: 'Fodbold' }).waitFor();
    await page.getByText('Klubben “Fodbold” er oprettet').first().waitFor();
    const stored = await platform.db.query<{ logo_path: string; contact_email: string }>(
      `select logo_path, contact_email from clubs where community_id = $1 and name = 'Fodbold'`,
      [community.id],
    );
    expect(stored.rows[0]!.contact_email).toBe('fodbold@klubhuset.dk');
    expect(stored.rows[0]!.logo_path).toMatch(new RegExp(`^${community.id}/clubs/[0-9a-f-]+\\.png$`));
    await expect.poll(() => page.title()).toBe('Fodbold · Klubhuset IF');

    // A member into the club, found by name.
    await page.getByLabel('Find et medlem at flytte hertil').fill('Anna');
    await page.getByRole('button', { name: 'Flyt Anna Holm hertil' }).click();
    await page.getByText('Anna Holm hører nu til Fodbold').first().waitFor();
    const members = page.getByRole('table', { name: 'Klubbens medlemmer' });
    await members.getByRole('row').filter({ hasText: 'Anna Holm' }).waitFor();
    await page.getByText('1 medlem · 0 grupper').waitFor();

    // A group into the club.
    await page.getByLabel('Gruppe at flytte hertil').selectOption({ label: 'U10 piger' });
    await page.getByRole('button', { name: 'Flyt gruppen hertil' }).click();
    await page.getByText('U10 piger hører nu til Fodbold').first().waitFor();
    await page.getByText('1 medlem · 1 gruppe').waitFor();
    await screenshot(page, 'clubs-detail-da-light-desktop');

    // The member out again, after a confirmation that says what happens.
    await page.getByRole('button', { name: 'Tag Anna Holm ud af klubben' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Tag Anna Holm ud af Fodbold?' });
    await confirm
      .getByText('Anna Holm er stadig medlem af foreningen, men hører ikke længere til en klub.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Tag ud af klubben' }).click();
    await page.getByText('Anna Holm hører ikke længere til Fodbold').first().waitFor();
    await members.getByRole('row').filter({ hasText: 'Anna Holm' }).waitFor({ state: 'detached' });
    await page.getByText('0 medlemmer · 1 gruppe').waitFor();

    // Editing: a name that differs only in case from another club is refused under the field.
    await platform.db.query(`insert into clubs (community_id, name) values ($1, 'Håndbold')`, [community.id]);
    await page.getByLabel('Navn', { exact: true }).fill('HÅNDBOLD');
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Der findes allerede en klub med det navn i foreningen.').waitFor();
    await page.getByLabel('Navn', { exact: true }).fill('Fodbold og futsal');
    await page.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Klubben “Fodbold og futsal” er gemt').first().waitFor();

    // The list: both clubs with their counts; a row opens its club.
    await page
      .getByRole('navigation', { name: 'Brødkrummesti' })
      .getByRole('link', { name: 'Klubber' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Klubber' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Fodbold og futsal' });
    await expect
      .poll(() => row.getByRole('cell').allTextContents())
      .toEqual(['Fodbold og futsal', 'Mads Træner · fodbold@klubhuset.dk', '0', '1']);
    await page.getByRole('row').filter({ hasText: 'Håndbold' }).waitFor();
    await screenshot(page, 'clubs-da-light-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('deletes a club after a confirmation, keeping its group in the community, in Danish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, 'da');
    await page.getByRole('link', { name: 'Fodbold og futsal' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Fodbold og futsal' }).waitFor();
    const clubId = (
      await platform.db.query<{ id: string }>(`select id from clubs where name = 'Fodbold og futsal'`)
    ).rows[0]!.id;

    // The confirmation says what happens; cancelling keeps the club.
    await page.getByRole('button', { name: 'Slet klub' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Slet klubben Fodbold og futsal?' });
    await confirm
      .getByText('0 medlemmer og 1 gruppe hører derefter ikke til en klub', { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Annuller' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await platform.db.query('select id from clubs where id = $1', [clubId])).rows).toEqual([
      { id: clubId },
    ]);

    await page.getByRole('button', { name: 'Slet klub' }).click();
    await confirm.getByRole('button', { name: 'Slet klubben' }).click();
    await page.waitForURL(`${platform.url}/da/klubhuset/clubs`);
    await page
      .getByText('Klubben “Fodbold og futsal” er slettet; 0 medlemmer og 1 gruppe hører nu ikke til en klub.')
      .first()
      .waitFor();
    await page.getByRole('row').filter({ hasText: 'Håndbold' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Fodbold og futsal' }).waitFor({ state: 'detached' });
    const left = await platform.db.query(
      `select (select count(*)::int from clubs where id = $1) as clubs,
              (select club_id from groups where title = 'U10 piger' and community_id = $2) as club`,
      [clubId, community.id],
    );
    expect(left.rows).toEqual([{ clubs: 0, club: null }]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right in dark mode on a phone, in Danish and English', async () => {
    for (const language of ['da', 'en'] as const) {
      const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
      const page = await context.newPage();
      await signIn(page, language);
      await page.getByRole('heading', { level: 1, name: language === 'da' ? 'Klubber' : 'Clubs' }).waitFor();
      await page.getByText('Håndbold').first().waitFor();
      await screenshot(page, `clubs-${language}-dark-phone`);
      await page.getByRole('link', { name: 'Håndbold' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Håndbold' }).waitFor();
      await screenshot(page, `clubs-detail-${language}-dark-phone`);
      await context.close();
    }
  });
});
