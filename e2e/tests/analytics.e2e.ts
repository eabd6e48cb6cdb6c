// Analytics in Chromium (issue #21): the members chart with its numbers as a table, and the CFR
// count for last year in Danish — its table, the members behind it, the CSV download with the
// expected counts, the municipal grant's age limit, and a year before the club existed refused.
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'karen@hvidovre-hk.dk';
const lastYear = new Date().getFullYear() - 1;

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'hvidovre', name: 'Hvidovre HK' }, ['analytics']);
  const db = platform.db;
  const group = (
    await db.query<{ id: string }>(
      `insert into groups (community_id, title, price_ore, payment_frequency) values ($1, 'Håndbold', 90000, 'annually')
       returning id`,
      [club.id],
    )
  ).rows[0]!.id;
  // Two coaches (counted without paying) and one player who joined too late in the year.
  const people: [string, string, string, string, string][] = [
    ['Karen', 'female', `${lastYear - 30}-04-01`, `${lastYear - 2}-08-01`, 'coach'],
    ['Alex', 'other', `${lastYear - 15}-06-01`, `${lastYear - 1}-08-01`, 'leader'],
    ['Mads', 'male', `${lastYear - 12}-02-02`, `${lastYear}-11-01`, 'coach'],
  ];
  for (const [first, gender, born, since, role] of people) {
    const member = (
      await db.query<{ id: string }>(
        `insert into members (community_id, first_name, last_name, gender, birth_date, joined_on)
         values ($1, $2, 'Dahl', $3::gender, $4, $5) returning id`,
        [club.id, first, gender, born, since],
      )
    ).rows[0]!.id;
    await db.query(
      `insert into group_members (community_id, group_id, member_id, role, joined_at)
       values ($1, $2, $3, $4, ($5::date + time '12:00') at time zone 'Europe/Copenhagen')`,
      [club.id, group, member, role, since],
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('analytics', () => {
  it('shows the CFR count for last year in Danish, the members behind it, and downloads it as CSV', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-GB',
      timezoneId: 'Europe/Copenhagen',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'da', '/da/hvidovre/analytics');
    await page.getByRole('heading', { level: 1, name: 'Analyse' }).waitFor();

    const chart = page.getByRole('region', { name: 'Medlemmer pr. måned' });
    await chart.getByRole('button', { name: 'Vis som tabel' }).click();
    expect(await chart.getByRole('table').getByRole('row').count()).toBeGreaterThan(10);

    const report = page.getByRole('table', { name: `CFR-medlemstal ${lastYear}` });
    await report.waitFor();
    const rows = async () =>
      (await report.locator('tbody tr').allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(await rows()).toEqual(['Håndbold13-1800101', 'Håndbold25-5910001']);
    expect((await report.locator('tfoot').textContent())?.replace(/\s+/g, '')).toBe('Ialt2');

    await page.getByRole('button', { name: 'Vis de medlemmer, der tæller med' }).click();
    const members = page.getByRole('table', { name: 'Medlemmerne bag tallene' });
    await members.getByRole('rowheader', { name: 'Alex Dahl' }).waitFor();
    expect(await members.getByRole('rowheader').allTextContents()).toEqual(['Alex Dahl', 'Karen Dahl']);
    expect(await members.getByText('Leder (gratis)').count()).toBe(1);
    await screenshot(page, 'analytics-da-light-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Hent CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cfr-${lastYear}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).trim().split(/\r?\n/)).toEqual([
      'Aktivitet;Alder;Kvinder;Mænd;Andet;Ikke oplyst;I alt',
      'Håndbold;13-18;0;0;1;0;1',
      'Håndbold;25-59;1;0;0;0;1',
    ]);

    await page.getByLabel('Opgørelse').selectOption('grant');
    await page.getByRole('table', { name: `Kommunalt medlemstilskud ${lastYear}` }).waitFor();
    expect(
      await page
        .getByRole('table', { name: `Kommunalt medlemstilskud ${lastYear}` })
        .locator('tbody tr')
        .count(),
    ).toBe(1);

    await page.getByLabel('År', { exact: true }).selectOption(String(lastYear - 8));
    await page
      .getByText(
        `Der findes ingen opgørelse for ${lastYear - 8}: vælg et år fra klubbens første år til i år.`,
      )
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone in dark mode in English', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'en', '/en/hvidovre/analytics');
    await page.getByRole('table', { name: `CFR member count ${lastYear}` }).waitFor();
    await page.getByRole('region', { name: 'Members per month' }).locator('svg.recharts-surface').first().waitFor();
    await screenshot(page, 'analytics-en-dark-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
