// The tags screen in Chromium, in Danish: usage counts, merging two tags (the confirmation
// names what moves) and deleting one (it says how many lose the tag); screenshots in both
// languages and colour modes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let community: Community;

async function tag(name: string, memberIds: string[]): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>(
    'insert into tags (community_id, name) values ($1, $2) returning id::text',
    [community.id, name],
  );
  for (const member of memberIds) {
    await platform.db.query('insert into member_tags (community_id, member_id, tag_id) values ($1, $2, $3)', [
      community.id,
      member,
      rows[0]!.id,
    ]);
  }
  return rows[0]!.id;
}

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const owner = await createUser(platform, 'formand@tagklub.dk', 'tag-klubben-2026', 'Tove Formand');
  community = await addMembership(
    platform,
    owner,
    { slug: 'tagklub', name: 'Tagklubben' },
    { role: 'owner', areas: ['member', 'event', 'group'] },
  );
  const members: string[] = [];
  for (const name of ['Anna', 'Bent', 'Carla']) {
    const { rows } = await platform.db.query<{ id: string }>(
      `insert into members (community_id, first_name, last_name) values ($1, $2, 'Holm') returning id::text`,
      [community.id, name],
    );
    members.push(rows[0]!.id);
  }
  await tag('Årgang 2015', members.slice(0, 2));
  await tag('årgang-2015', members.slice(1));
  await tag('Bestyrelse', members.slice(0, 1));
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page, language: 'da' | 'en') {
  await page.goto(`${platform.url}/${language}/login?redirect=/${language}/tagklub/tags`);
  await page.getByLabel(language === 'da' ? 'E-mail' : 'Email').fill('formand@tagklub.dk');
  await page
    .getByLabel(language === 'da' ? 'Adgangskode' : 'Password', { exact: true })
    .fill('tag-klubben-2026');
  await page.getByRole('button', { name: language === 'da' ? 'Log ind' : 'Sign in', exact: true }).click();
  await page.waitForURL(`${platform.url}/${language}/tagklub/tags`);
}

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

describe('tags', () => {
  it('merges two tags and deletes one, in Danish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, 'da');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    await expect.poll(() => rowOf(page, 'Årgang 2015').getByRole('cell').allTextContents()).toContain('2');
    await screenshot(page, 'tags-da-light-desktop');

    await page.getByLabel('Vælg Årgang 2015').check();
    await page.getByLabel('Vælg årgang-2015').check();
    await page.getByRole('button', { name: 'Slå årgang-2015 sammen med Årgang 2015' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('(2 medlemmer, 0 grupper, 0 arrangementer)').waitFor();
    await screenshot(page, 'tags-merge-da-light-desktop');
    await dialog.getByRole('button', { name: 'Slå tags sammen' }).click();
    await page.getByText('“årgang-2015” er slået sammen med “Årgang 2015”').first().waitFor();
    await expect.poll(() => page.getByLabel('Vælg årgang-2015').count()).toBe(0);
    // Anna, Bent and Carla all carry the kept tag now (Bent once).
    await expect.poll(() => rowOf(page, 'Årgang 2015').getByRole('cell').allTextContents()).toContain('3');

    await page.getByRole('button', { name: 'Slet Bestyrelse' }).click();
    await page
      .getByRole('alertdialog')
      .getByText('1 medlem, 0 grupper og 0 arrangementer mister tagget')
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Slet tag' }).click();
    await page.getByText('Tagget “Bestyrelse” er slettet').first().waitFor();
    await expect.poll(() => page.getByLabel('Vælg Bestyrelse').count()).toBe(0);
    const log = await platform.db.query<{ action: string }>(
      `select action from audit_log where community_id = $1 and kind = 'deletion' order by id`,
      [community.id],
    );
    expect(log.rows.map((r) => r.action)).toEqual(['tags_deleted', 'tags_deleted']);

    // A new tag; a name that differs only in case and Danish capitals is refused in words.
    await page.getByRole('link', { name: 'Nyt tag' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nyt tag' }).waitFor();
    await page.getByLabel('Navn').fill('ÅRGANG 2015');
    await page.getByRole('button', { name: 'Opret tag' }).click();
    await page.getByText('Der findes allerede et tag med det navn.', { exact: false }).waitFor();
    await screenshot(page, 'tags-create-da-light-desktop');
    await page.getByLabel('Navn').fill('Trænere');
    await page.getByRole('button', { name: 'Opret tag' }).click();
    await page.waitForURL(`${platform.url}/da/tagklub/tags`);
    await expect.poll(() => page.getByLabel('Vælg Trænere').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right in English, dark mode and on a phone', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    await signIn(page, 'en');
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    await page.getByText('Årgang 2015').first().waitFor();
    await screenshot(page, 'tags-en-dark-phone');
    await page.goto(`${platform.url}/en/tagklub/tags/create`);
    await page.getByRole('heading', { level: 1, name: 'New tag' }).waitFor();
    await screenshot(page, 'tags-create-en-dark-phone');
    await context.close();
  });
});
