// Volunteer shifts in the member app (decision 1072), in Chromium at phone size, in Danish and
// dark mode, on a phone set to another time zone than the club's: a member finds the shifts from
// Me, sees each time with places taken and open and a job meant for a role they lack, takes a
// shift and sees it listed, is refused a shift that filled up while the page was open, sees it
// on the event page, gives the shift back after a confirmation, and cannot give back one that
// has started. Then screenshots of the shifts screen in both languages and colour modes.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, screenshot, viewports } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let eventId: string;
let earlySlot: string;
let lateSlot: string;
let idaId: string;
let oleId: string;
const memberEmail = 'ida@sejlklubben.dk';
const memberPassword = 'medlem-kode-2027';

const one = async (sql: string, params: unknown[]) =>
  (await platform.db.query<{ id: string }>(sql, params)).rows[0]!.id;

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(
    platform,
    'formand@sejlklubben.dk',
    { slug: 'sejlklub', name: 'Sejlklubben Vinden' },
    ['event'],
  );
  const userId = await createUser(platform, memberEmail, memberPassword, 'Ida Holm');
  await addMembership(platform, userId, club, { role: 'member', areas: [] });
  idaId = await one(
    `insert into members (community_id, user_id, first_name, last_name, email)
     values ($1, $2, 'Ida', 'Holm', $3) returning id`,
    [club.id, userId, memberEmail],
  );
  oleId = await one(
    `insert into members (community_id, first_name, last_name, email) values ($1, 'Ole', 'Bak', 'ole@sejlklubben.dk')
     returning id`,
    [club.id],
  );
  // 10:00 in the club's time zone, fifteen days from now.
  const base = `((date_trunc('day', now() at time zone 'Europe/Copenhagen') + interval '15 days 10 hours') at time zone 'Europe/Copenhagen')`;
  eventId = await one(
    `insert into events (community_id, title, location, starts_at, ends_at, status, published_at, visibility)
     values ($1, 'Regatta i havnen', 'Havnen', ${base}, ${base} + interval '6 hours', 'published', now(), 'members')
     returning id`,
    [club.id],
  );
  const crew = await one(
    `insert into volunteer_jobs (community_id, event_id, title, description, slots, compensation)
     values ($1, $2, 'Bådmandskab', 'Sejl følgebåden og hold øje med banen.', 2, 'Frokost og kaffe') returning id`,
    [club.id, eventId],
  );
  earlySlot = await one(
    `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
     values ($1, $2, ${base}, ${base} + interval '2 hours', 2) returning id`,
    [club.id, crew],
  );
  lateSlot = await one(
    `insert into volunteer_timeslots (community_id, job_id, starts_at, ends_at, slots)
     values ($1, $2, ${base} + interval '2 hours', ${base} + interval '4 hours', 1) returning id`,
    [club.id, crew],
  );
  await platform.db.query(
    `insert into volunteer_jobs (community_id, event_id, title, slots, relevant_roles)
     values ($1, $2, 'Dommer', 1, '{dommer}')`,
    [club.id, eventId],
  );
  // A club evening under way, where Ida already has the bar: it can no longer be given back.
  const evening = await one(
    `insert into events (community_id, title, starts_at, ends_at, status, published_at, visibility)
     values ($1, 'Klubaften', now() - interval '1 hour', now() + interval '3 hours', 'published', now(), 'members')
     returning id`,
    [club.id],
  );
  const bar = await one(
    `insert into volunteer_jobs (community_id, event_id, title, slots) values ($1, $2, 'Bar', 2) returning id`,
    [club.id, evening],
  );
  await platform.db.query(
    `insert into volunteer_signups (community_id, job_id, member_id) values ($1, $2, $3)`,
    [club.id, bar, idaId],
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function memberPage(language: 'da' | 'en', to: string, colorScheme: 'light' | 'dark') {
  // The phone is in New York: every time shown is still the club's (Europe/Copenhagen).
  const context = await browser.newContext({
    viewport: viewports.phone,
    colorScheme,
    locale: 'en-GB',
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, memberEmail, memberPassword, language, to);
  return { page, errors, close: () => context.close() };
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

const signups = async (slot: string) =>
  (
    await platform.db.query<{ member_id: string; status: string }>(
      `select member_id, status from volunteer_signups where timeslot_id = $1 order by created_at`,
      [slot],
    )
  ).rows;

describe('volunteer shifts in the member app, in Danish at phone size in dark mode', () => {
  it('takes a shift, is refused a full one, and gives the shift back after a confirmation', async () => {
    const { page, errors, close } = await memberPage('da', '/da/m/sejlklub/me', 'dark');
    const mine = page.getByRole('region', { name: 'Mine vagter' });
    // The evening under way is listed, and says why it cannot be given back.
    const started = mine.getByRole('article', { name: 'Bar' });
    await started.getByRole('link', { name: 'Klubaften' }).waitFor();
    await started
      .getByText('Vagten er begyndt. Sig det til koordinatoren, hvis du ikke kan blive.')
      .waitFor();
    expect(await started.getByRole('button').count()).toBe(0);
    await mine.getByRole('link', { name: 'Find vagter' }).click();
    await page.waitForURL((url) => url.pathname === '/da/m/sejlklub/shifts');
    await page.getByRole('heading', { level: 1, name: 'Vagter' }).waitFor();

    const open = page.getByRole('region', { name: 'Vagter, du kan tage' });
    const crew = open.getByRole('article', { name: 'Bådmandskab' });
    await crew.getByText('Kompensation: Frokost og kaffe').waitFor();
    const early = crew.locator(`[data-shift$=":${earlySlot}"]`);
    const late = crew.locator(`[data-shift$=":${lateSlot}"]`);
    // Times in the club's zone (10:00–12:00 there is 04:00–06:00 on this phone).
    expect(await early.innerText()).toMatch(/10[.:]00–12[.:]00/);
    expect(await late.innerText()).toMatch(/12[.:]00–14[.:]00/);
    await early.getByText('0 af 2 pladser besat · 2 ledige').waitFor();
    await late.getByText('0 af 1 plads besat · 1 ledig').waitFor();
    const judge = open.getByRole('article', { name: 'Dommer' });
    await judge.getByText('Kun for: dommer').waitFor();
    await judge.getByText('Jobbet er for dommer. Spørg klubben, hvis du skal have det.').waitFor();
    expect(await judge.getByRole('button').count()).toBe(0);
    expect(await fits(page)).toBe(true);

    // Taking the early shift: it is mine, counted, and listed under My shifts.
    await early.getByRole('button', { name: /^Tag vagten Bådmandskab, / }).click();
    await page
      .getByText(/^Vagten er din: Bådmandskab, /)
      .first()
      .waitFor();
    await early.getByText('Din vagt').waitFor();
    await early.getByText('1 af 2 pladser besat · 1 ledig').waitFor();
    await page
      .getByRole('region', { name: 'Mine vagter' })
      .getByRole('article', { name: 'Bådmandskab' })
      .waitFor();
    expect(await signups(earlySlot)).toEqual([{ member_id: idaId, status: 'signed_up' }]);

    // Ole takes the last place of the late shift while the page is open: Ida is told it is full.
    await late.getByRole('button', { name: /^Tag vagten Bådmandskab, / }).waitFor();
    await platform.db.query(
      `insert into volunteer_signups (community_id, job_id, timeslot_id, member_id)
       select community_id, job_id, id, $2 from volunteer_timeslots where id = $1`,
      [lateSlot, oleId],
    );
    await late.getByRole('button', { name: /^Tag vagten Bådmandskab, / }).click();
    await page
      .getByText('Vagten er fuldt besat: alle pladser er taget. Vælg et andet tidspunkt.')
      .first()
      .waitFor();
    await late.getByText('Fuldt besat').waitFor();
    await late.getByText('1 af 1 plads besat').waitFor();
    expect(await signups(lateSlot)).toEqual([{ member_id: oleId, status: 'signed_up' }]);
    await screenshot(page, 'member-shifts-full-da-dark-phone');

    // The event page shows the same jobs, with my shift.
    await page
      .getByRole('region', { name: 'Mine vagter' })
      .getByRole('link', { name: 'Regatta i havnen' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Regatta i havnen' }).waitFor();
    const onEvent = page.getByRole('region', { name: 'Frivillige vagter' });
    await onEvent.locator(`[data-shift$=":${earlySlot}"]`).getByText('Din vagt').waitFor();
    await onEvent.locator(`[data-shift$=":${lateSlot}"]`).getByText('Fuldt besat').waitFor();
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'member-event-shifts-da-dark-phone');

    // Giving it back from Me asks first, naming the shift and what happens.
    await page.goto(`${platform.url}/da/m/sejlklub/me`);
    const myCrew = page
      .getByRole('region', { name: 'Mine vagter' })
      .getByRole('article', { name: 'Bådmandskab' });
    expect(await myCrew.innerText()).toMatch(/10[.:]00–12[.:]00 · Havnen/);
    await myCrew.getByRole('button', { name: /^Meld fra vagten Bådmandskab, / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Meld fra vagten Bådmandskab?' });
    await confirm
      .getByText('Din plads gives tilbage, så et andet medlem kan tage den.', { exact: false })
      .waitFor();
    await screenshot(page, 'member-shift-cancel-da-dark-phone');
    // Keeping it changes nothing.
    await confirm.getByRole('button', { name: 'Behold vagten' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await signups(earlySlot)).toEqual([{ member_id: idaId, status: 'signed_up' }]);
    await myCrew.getByRole('button', { name: /^Meld fra vagten Bådmandskab, / }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Meld fra' }).click();
    await page.getByText('Du er meldt fra vagten Bådmandskab.').first().waitFor();
    await myCrew.waitFor({ state: 'detached' });
    expect(await signups(earlySlot)).toEqual([{ member_id: idaId, status: 'cancelled' }]);
    expect(await fits(page)).toBe(true);
    await screenshot(page, 'member-me-shifts-da-dark-phone');
    expect(errors).toEqual([]);
    await close();
  });

  it('takes screenshots of the shifts screen in both languages and colour modes', async () => {
    for (const language of ['da', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, errors, close } = await memberPage(language, `/${language}/m/sejlklub/shifts`, mode);
        await page
          .getByRole('heading', { level: 1, name: language === 'da' ? 'Vagter' : 'Shifts' })
          .waitFor();
        await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
        await page.getByRole('article', { name: 'Dommer' }).waitFor();
        if (language === 'en') await page.getByText('0 of 1 place taken · 1 open').first().waitFor();
        expect(await fits(page)).toBe(true);
        await screenshot(page, `member-shifts-${language}-${mode}-phone`);
        expect(errors).toEqual([]);
        await close();
      }
    }
  }, 120_000);
});
