// The community overview in Chromium (issue #21): what needs attention leads to the screen where
// it is handled, upcoming events show tickets sold of capacity (with the chart's numbers as a
// table matching the database), and an administrator of one area sees only that area's figures.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'mette@strandby-if.dk';
const newsEmail = 'ole@strandby-if.dk';
const community = { slug: 'strandby', name: 'Strandby IF' };

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, community, ['event', 'member', 'group']);
  await createAdmin(platform, newsEmail, community, ['news']);
  const db = platform.db;
  const members = await db.query<{ id: string }>(
    `insert into members (community_id, first_name, last_name, joined_on)
     select $1, f, 'Holm', (now() at time zone 'Europe/Copenhagen')::date from unnest(array['Anna', 'Bent']) f
     returning id`,
    [club.id],
  );
  const [anna, bent] = members.rows.map((r) => r.id);
  const event = (
    await db.query<{ id: string }>(
      `insert into events (community_id, title, starts_at, ends_at, status)
       values ($1, 'Sankthansaften', now() + interval '4 days', now() + interval '4 days 3 hours', 'published') returning id`,
      [club.id],
    )
  ).rows[0]!.id;
  const ticket = (
    await db.query<{ id: string }>(
      `insert into tickets (community_id, event_id, name, participant_limit) values ($1, $2, 'Voksen', 40) returning id`,
      [club.id, event],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, quantity) values ($1, $2, $3, $4, 3)`,
    [club.id, event, ticket, anna],
  );
  const job = (
    await db.query<{ id: string }>(
      `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Bålet', 4) returning id`,
      [club.id, event],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at)
     values ($1, $2, now() + interval '4 days', now() + interval '4 days 2 hours')`,
    [club.id, job],
  );
  await db.query(
    `insert into member_certificates (community_id, member_id, kind, issued_on, expires_on)
     values ($1, $2, 'child_certificate', current_date - 700, current_date + 12)`,
    [club.id, bent],
  );
  const group = (
    await db.query<{ id: string }>(
      `insert into groups (community_id, title) values ($1, 'Senior') returning id`,
      [club.id],
    )
  ).rows[0]!.id;
  await db.query(`insert into group_join_requests (community_id, group_id, member_id) values ($1, $2, $3)`, [
    club.id,
    group,
    anna,
  ]);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('overview', () => {
  it('lists what needs attention in Danish, each leading to where it is handled, with the event figures', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'da', '/da/strandby');
    const attention = page.getByRole('region', { name: 'Kræver opmærksomhed' });
    const items = attention.getByRole('listitem');
    await items.first().waitFor();
    expect((await items.allTextContents()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      '4Ledige frivilligpladser de næste 14 dage',
      '1Attester, der udløber inden for 30 dage',
      '1Anmodninger om optagelse i en gruppe, der venter på svar',
    ]);
    await page.getByRole('link', { name: 'Medlemmer 2 Denne måned: 2 indmeldt, 0 udmeldt' }).waitFor();

    const events = page.getByRole('region', { name: 'Kommende arrangementer' });
    await events.getByText('3 af 40 billetter solgt').waitFor();
    await events.getByRole('button', { name: 'Vis som tabel' }).click();
    const cells = await events.getByRole('table').getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells).toEqual(['3', '37']);

    // Live: a sale made elsewhere shows at once (well before the minute's refetch).
    await platform.db.query(
      `insert into ticket_purchases (community_id, event_id, ticket_id, member_id, quantity)
       select community_id, event_id, ticket_id, member_id, 2 from ticket_purchases where community_id = $1 limit 1`,
      [club.id],
    );
    await events.getByRole('button', { name: 'Vis som diagram' }).click();
    await events.getByText('5 af 40 billetter solgt').waitFor({ timeout: 20_000 });
    await screenshot(page, 'overview-da-light-desktop');

    // The overview shows no news or billing figures to someone who does not administer them.
    expect(await page.getByRole('region', { name: 'Nyheder' }).count()).toBe(0);
    expect(await page.getByText('Udestående').count()).toBe(0);

    await attention.getByRole('link', { name: /Ledige frivilligpladser/ }).click();
    await page.waitForURL((url) => url.pathname === '/da/strandby/events');
    await page.goBack();
    await attention.getByRole('link', { name: /Anmodninger om optagelse/ }).click();
    await page.waitForURL((url) => url.pathname === '/da/strandby/groups');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a news administrator only the news, in English on a phone in dark mode', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, newsEmail, password, 'en', '/en/strandby');
    await page
      .getByRole('region', { name: 'News' })
      .getByText('No published or scheduled posts yet.')
      .waitFor();
    await page.getByText('Nothing needs your attention right now.').waitFor();
    expect(await page.getByRole('region', { name: 'Upcoming events' }).count()).toBe(0);
    expect(await page.getByText('Members', { exact: true }).count()).toBe(0);
    await screenshot(page, 'overview-en-dark-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
