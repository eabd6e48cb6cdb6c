// A recurring event in Chromium: cancelling a date asks which dates and cancels exactly those;
// editing a date asks too; the detail page shows each ticket's sale and refund windows, and a
// cancelled date takes no guest volunteers.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import type { Community } from '../support/e2e-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let dates: string[];
const adminEmail = 'jens@badmintonklubben.dk';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'badminton', name: 'Badmintonklubben' }, ['event']);
  const { error } = await platform.adminClient().rpc('save_event', {
    p_event: {
      community_id: club.id,
      title: 'Torsdagstræning',
      starts_at: '2027-03-04T18:00:00Z',
      ends_at: '2027-03-04T20:00:00Z',
      status: 'published',
      repeat: 'weekly',
      repeat_until: '2027-03-25',
      tickets: [
        {
          name: 'Drop-in',
          participant_limit: 12,
          price_ore: 4000,
          join_opens_at: '2027-02-01T08:00:00Z',
          join_closes_at: '2027-03-04T12:00:00Z',
          refund_closes_at: '2027-03-03T18:00:00Z',
        },
      ],
      jobs: [{ title: 'Opstilling', relevant_roles: [], slots: 2 }],
    },
  });
  expect(error).toBeNull();
  const rows = await platform.db.query<{ id: string }>(
    'select id from events where community_id = $1 order by starts_at',
    [club.id],
  );
  dates = rows.rows.map((r) => r.id);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const statuses = async () =>
  (
    await platform.db.query<{ status: string; title: string }>(
      'select status::text, title from events where community_id = $1 order by starts_at',
      [club.id],
    )
  ).rows.map((r) => `${r.title}:${r.status}`);

describe('a recurring event', () => {
  it('cancels this and the following dates when asked to, and only those', async () => {
    expect(dates).toHaveLength(4);
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'da', `/da/badminton/events/${dates[1]}`);
    await page.getByRole('heading', { level: 1, name: 'Torsdagstræning' }).waitFor();
    // The ticket's windows, shifted with the date, in the community's time zone.
    expect(await page.getByTestId(/^windows-/).textContent()).toMatch(
      /^Til salg 8\. feb\. 2027,? 09\.00 – 11\. mar\. 2027,? 13\.00Refundering indtil 10\. mar\. 2027,? 19\.00$/,
    );

    await page.getByRole('button', { name: 'Aflys arrangement' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Aflys Torsdagstræning?' });
    await dialog.getByRole('radio', { name: 'Kun denne dato' }).waitFor();
    await dialog.getByRole('radio', { name: 'Denne og de følgende datoer' }).check();
    await dialog.getByText('Denne dato og alle senere datoer i serien aflyses').waitFor();
    await screenshot(page, 'series-cancel-da-light-desktop');
    await dialog.getByRole('button', { name: 'Aflys arrangement' }).click();
    await page.locator('.toast', { hasText: 'Aflyste datoer for Torsdagstræning: 3' }).waitFor();
    expect(await statuses()).toEqual([
      'Torsdagstræning:published',
      'Torsdagstræning:cancelled',
      'Torsdagstræning:cancelled',
      'Torsdagstræning:cancelled',
    ]);

    // A cancelled date takes no volunteers: the button is off and the page says why.
    await page.reload();
    await page.getByTestId('volunteers-cancelled').first().waitFor();
    expect(await page.getByRole('button', { name: 'Tilføj frivillig' }).first().isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks which dates an edit is for and changes only this date when told so', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, platform, adminEmail, password, 'en', `/en/badminton/events/${dates[0]}/edit`);
    await page.getByLabel('Title', { exact: true }).fill('Torsdagstræning (hal 2)');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Save the changes to Torsdagstræning?' });
    await dialog.getByRole('radio', { name: 'Only this date' }).check();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.waitForURL((url) => url.pathname === `/en/badminton/events/${dates[0]}`);
    expect(await statuses()).toEqual([
      'Torsdagstræning (hal 2):published',
      'Torsdagstræning:cancelled',
      'Torsdagstræning:cancelled',
      'Torsdagstræning:cancelled',
    ]);
    await context.close();
  });
});
