// The events editor in Chromium: a paid event made in the Danish interface and published
// later, refused non-image uploads, a weekly series across the change to winter time,
// cancelling with confirmation, and admins of other areas kept out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, fillDate, fillDateTime, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'lone@fjordklubben.dk';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'fjordklub', name: 'Fjordklubben' }, ['event']);
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function adminPage(
  language: 'en' | 'da',
  path: string,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, language, `/${language}/fjordklub/${path}`);
  return { page, errors, close: () => context.close() };
}

const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('events editor', () => {
  it('creates a paid event in Danish with two tickets, an add-on with options and a job with two timeslots, published later', async () => {
    const { page, errors, close } = await adminPage('da', 'events');
    await page.getByRole('heading', { level: 1, name: 'Arrangementer' }).waitFor();
    await page.getByRole('heading', { name: 'Ingen arrangementer endnu' }).waitFor();
    await page.getByRole('link', { name: 'Nyt arrangement' }).first().click();
    await page.waitForURL((url) => url.pathname === '/da/fjordklub/events/new');

    // Nothing is saved before the form is valid; messages are Danish, focus goes to the first.
    await page.getByRole('button', { name: 'Offentliggør nu' }).click();
    await page.getByText('Nogle felter skal rettes.').waitFor();
    expect(await page.getByLabel('Titel').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText('Udfyld feltet').count()).toBeGreaterThanOrEqual(2);
    await page.getByLabel('Sted').fill('ved havnen');
    await page.getByLabel('Sted').blur();
    await page.getByText('Vælg venligst en gyldig adresse').waitFor();

    await page.getByLabel('Titel').fill('Sommerfest 2027');
    await page.getByLabel('Sted').fill('Havnevej 4, 4000 Roskilde');
    await page.getByRole('textbox', { name: 'Beskrivelse' }).fill('Grill, musik og hygge på havnen.');
    await fillDateTime(page, 'Starter', '19.06.2027', '17.00');
    await fillDateTime(page, 'Slutter', '19.06.2027', '23.00');

    await page.getByRole('button', { name: 'Tilføj billettype' }).click();
    await page.getByRole('button', { name: 'Tilføj billettype' }).click();
    const tickets = page.getByRole('group', { name: /^Billet \d$/ });
    for (const [i, [name, limit, price]] of [
      ['Voksen', '50', '150'],
      ['Barn', '20', '50,50'],
    ].entries()) {
      const ticket = tickets.nth(i);
      await ticket.getByLabel('Billetnavn').fill(name!);
      await ticket.getByLabel('Maks. deltagere').fill(limit!);
      await ticket.getByLabel('Betalt', { exact: true }).check();
      await ticket.getByLabel('Pris (kr.)').fill(price!);
    }
    await fillDateTime(tickets.nth(0), 'Sidste frist for refusion', '12.06.2027', '12.00');

    await page.getByRole('button', { name: 'Tilføj tilkøb' }).click();
    const addon = page.getByRole('group', { name: 'Tilkøb 1' });
    await addon.getByLabel('Navn på tilkøb').fill('Mad');
    await addon.getByLabel('Maks. pr. person').fill('2');
    await addon.getByRole('button', { name: 'Tilføj valgmulighed' }).click();
    const options = addon.getByRole('listitem');
    await options.nth(0).getByLabel('Valgmulighed', { exact: true }).fill('Grillbuffet');
    await options.nth(0).getByLabel('Pris (kr.)', { exact: true }).fill('125');
    await options.nth(0).getByLabel('Antal', { exact: true }).fill('40');
    await options.nth(1).getByLabel('Valgmulighed', { exact: true }).fill('Vegetarret');
    await options.nth(1).getByLabel('Pris (kr.)', { exact: true }).fill('110');
    await options.nth(1).getByLabel('Tip', { exact: true }).fill('Bestil senest 1. juni');

    await page.getByRole('button', { name: 'Tilføj frivillig opgave' }).click();
    const job = page.getByRole('group', { name: 'Opgave 1' });
    await job.getByLabel('Opgave', { exact: true }).fill('Baren');
    await job.getByLabel('Pladser', { exact: true }).fill('2');
    await job.getByLabel('Kompensation').fill('Gratis billet');
    await job.getByRole('button', { name: 'Tilføj vagt' }).click();
    await job.getByRole('button', { name: 'Tilføj vagt' }).click();
    for (const [shift, starts, ends] of [
      ['Vagt 1', '17.00', '20.00'],
      ['Vagt 2', '20.00', '23.00'],
    ] as const) {
      const item = job.getByRole('listitem', { name: shift });
      await fillDateTime(item, 'Vagten starter', '19.06.2027', starts);
      await fillDateTime(item, 'Vagten slutter', '19.06.2027', ends);
    }
    await job.getByRole('listitem', { name: 'Vagt 2' }).getByLabel('Pladser på vagten').fill('3');

    await page.getByRole('radio', { name: 'Offentliggør senere' }).check();
    await fillDateTime(page, 'Offentliggør', '01.06.2027', '08.00');
    await screenshot(page, 'events-editor-da-light-desktop');
    await page.getByRole('button', { name: 'Offentliggør senere' }).click();

    await page.waitForURL((url) => /^\/da\/fjordklub\/events\/[0-9a-f-]{36}$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Sommerfest 2027' }).waitFor();
    await page.getByText('Planlagt', { exact: true }).first().waitFor();
    await page.getByText(/^1\. jun\. 2027,? 08\.00$/).waitFor();

    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const stored = await platform.db.query<Record<string, string>>(
      `select e.status::text, to_char(e.release_at at time zone 'Europe/Copenhagen', 'YYYY-MM-DD HH24:MI') as release,
              to_char(e.starts_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as starts_utc,
              (select string_agg(name || ':' || participant_limit || ':' || price_ore, ',' order by sort_order) from tickets where event_id = e.id) as tickets,
              (select string_agg(o.title || ':' || o.price_ore || ':' || coalesce(o.capacity::text, '-') || ':' || coalesce(o.hint, '-'), ',' order by o.sort_order)
                 from addon_options o join event_addons a on a.id = o.addon_id where a.event_id = e.id and a.max_per_person = 2) as options,
              (select string_agg(to_char(s.starts_at at time zone 'Europe/Copenhagen', 'HH24:MI') || '/' || coalesce(s.slots::text, '-'), ',' order by s.starts_at)
                 from volunteer_timeslots s join volunteer_jobs j on j.id = s.job_id where j.event_id = e.id and j.title = 'Baren' and j.slots = 2) as timeslots
       from events e where e.id = $1`,
      [id],
    );
    expect(stored.rows[0]).toEqual({
      status: 'scheduled',
      release: '2027-06-01 08:00',
      starts_utc: '2027-06-19 15:00',
      tickets: 'Voksen:50:15000,Barn:20:5050',
      options: 'Grillbuffet:12500:40:-,Vegetarret:11000:-:Bestil senest 1. juni',
      timeslots: '17:00/-,20:00/3',
    });

    await page.getByRole('link', { name: 'Arrangementer' }).first().click();
    const row = page.getByRole('row', { name: /Sommerfest 2027/ });
    await row.waitFor();
    expect((await row.getByRole('cell').allTextContents()).map((text) => text.replace(/\s/g, ' '))).toEqual([
      'Sommerfest 2027Havnevej 4, 4000 Roskilde',
      '19. jun. 2027, 17.00',
      'Planlagt',
      'Medlemmer',
      '0 af 70',
      '0,00 kr.',
    ]);
    await screenshot(page, 'events-list-da-light-desktop');
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses an upload that is not a png or jpeg, and previews one that is', async () => {
    const { page, close } = await adminPage('en', 'events/new');
    const picker = page.locator('input[type=file]');
    await picker.setInputFiles({
      name: 'programme.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 not an image'),
    });
    expect(await page.getByRole('alert').filter({ hasText: 'png' }).textContent()).toBe(
      'Only .png or .jpeg images can be uploaded',
    );
    await picker.setInputFiles({
      name: 'fake.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('plain text'),
    });
    await page.getByText('Only .png or .jpeg images can be uploaded').waitFor();
    expect(await page.getByRole('img', { name: 'Preview of the event image' }).count()).toBe(0);
    await picker.setInputFiles({ name: 'poster.png', mimeType: 'image/png', buffer: onePixelPng });
    const preview = page.getByRole('img', { name: 'Preview of the event image' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(
      new RegExp(`/storage/v1/object/public/event-images/${club.id}/[0-9a-f-]+\\.png$`),
    );
    expect(await page.getByText('Only .png or .jpeg images can be uploaded').count()).toBe(0);

    // Leaving with unsaved changes asks first, names the event, and stays unless told to leave.
    await page.getByLabel('Title').fill('Poster night');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Events' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.getByText('Your changes to Poster night have not been saved and will be lost.').waitFor();
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    expect(new URL(page.url()).pathname).toBe('/en/fjordklub/events/new');
    expect(await page.getByLabel('Title').inputValue()).toBe('Poster night');
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Events' }).click();
    await leave.getByRole('button', { name: 'Leave and discard changes' }).click();
    await page.waitForURL((url) => url.pathname === '/en/fjordklub/events');
    await close();
  });

  it('shows a weekly series at the same local time across the change to winter time', async () => {
    const { page, errors, close } = await adminPage('en', 'events/new');
    await page.getByLabel('Title').fill('Tuesday rowing');
    // A date the input cannot read is named with the expected format, under the field.
    await fillDateTime(page, 'Starts', '31/02/2027', '19:00', 'en');
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByText('Enter the date as 24/12/2026 and the time as 18:30').waitFor();
    expect(
      await page.getByLabel('Starts', { exact: true }).evaluate((el) => el === document.activeElement),
    ).toBe(true);
    await fillDateTime(page, 'Starts', '19/10/2027', '19:00', 'en');
    await fillDateTime(page, 'Ends', '19/10/2027', '21:00', 'en');
    await page.getByLabel('Repeat', { exact: true }).selectOption('weekly');
    await fillDate(page, 'Repeat until', '09/11/2027');
    const preview = page.getByRole('list', { name: 'Coming dates' });
    await preview.getByRole('listitem').nth(3).waitFor();
    expect(await preview.getByRole('listitem').allTextContents()).toEqual([
      '19 October 2027 19:00',
      '26 October 2027 19:00',
      '2 November 2027 19:00',
      '9 November 2027 19:00',
    ]);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.waitForURL((url) => /^\/en\/fjordklub\/events\/[0-9a-f-]{36}$/.test(url.pathname));
    const dates = page.getByRole('list', { name: 'Dates in this series' });
    await dates.getByRole('listitem').nth(3).waitFor();
    expect(
      (await dates.getByRole('listitem').allTextContents()).map((text) => text.replace(/Published$/, '')),
    ).toEqual([
      '19 October 2027 19:00',
      '26 October 2027 19:00',
      '2 November 2027 19:00',
      '9 November 2027 19:00',
    ]);
    // Summer time ends on 31 October 2027: the UTC hour moves, the local hour does not.
    const utc = await platform.db.query<{ at: string }>(
      `select to_char(starts_at at time zone 'UTC', 'MM-DD HH24:MI') as at from events where title = 'Tuesday rowing' order by starts_at`,
    );
    expect(utc.rows.map((r) => r.at)).toEqual(['10-19 17:00', '10-26 17:00', '11-02 18:00', '11-09 18:00']);
    expect(errors).toEqual([]);
    await close();
  });

  it('asks before cancelling an event, and cancels only on confirmation', async () => {
    const { data: event } = await platform.adminClient().rpc('save_event', {
      p_event: {
        community_id: club.id,
        title: 'Standerhejsning',
        starts_at: '2027-04-10T09:00:00Z',
        status: 'published',
        tickets: [],
      },
    });
    const { page, close } = await adminPage('en', `events/${event as string}`);
    await page.getByRole('heading', { level: 1, name: 'Standerhejsning' }).waitFor();
    const status = async () =>
      (await platform.db.query<{ status: string }>('select status::text from events where id = $1', [event]))
        .rows[0]!.status;

    await page.getByRole('button', { name: 'Cancel event' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Standerhejsning?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await status()).toBe('published');

    await page.getByRole('button', { name: 'Cancel event' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel event' }).click();
    await page.getByText('Standerhejsning is cancelled', { exact: true }).waitFor();
    await page.getByText('Cancelled', { exact: true }).first().waitFor();
    expect(await status()).toBe('cancelled');
    expect(await page.getByRole('button', { name: 'Cancel event' }).count()).toBe(0);
    await close();
  });

  it('keeps an admin of another area out of the editor and the events data', async () => {
    await createAdmin(platform, 'niels@fjordklubben.dk', { slug: 'fjordklub', name: 'Fjordklubben' }, [
      'news',
    ]);
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, platform, 'niels@fjordklubben.dk', password, 'en', '/en/fjordklub');
    await page.goto(`${platform.url}/en/fjordklub/events/new`);
    await page.waitForURL((url) => url.pathname === '/en/fjordklub');
    await page.goto(`${platform.url}/en/fjordklub/events`);
    await page.waitForURL((url) => url.pathname === '/en/fjordklub');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link', { name: 'Events' }).count()).toBe(0);
    // The data stays out of reach too: the same account through supabase-js sees no events and cannot save one.
    const niels = platform.client();
    expect(
      (await niels.auth.signInWithPassword({ email: 'niels@fjordklubben.dk', password })).error,
    ).toBeNull();
    const { data: draft, error } = await platform.adminClient().rpc('save_event', {
      p_event: {
        community_id: club.id,
        title: 'Hemmelig kladde',
        starts_at: '2027-05-01T10:00:00Z',
        status: 'draft',
      },
    });
    expect(error).toBeNull();
    expect(await niels.from('event_admin_summaries').select('id').eq('id', draft)).toMatchObject({
      error: null,
      data: [],
    });
    expect(await niels.from('events').select('id').eq('id', draft)).toMatchObject({ error: null, data: [] });
    expect(
      await niels.from('event_admin_participants').select('id').eq('community_id', club.id),
    ).toMatchObject({ error: null, data: [] });
    const saved = await niels.rpc('save_event', {
      p_event: { community_id: club.id, title: 'Ikke mit område', starts_at: '2027-05-01T10:00:00Z' },
    });
    expect(saved.error?.code).toBe('42501');
    await context.close();
  });

  it('refuses more than 100.000 places on a ticket type under the field, in Danish on a phone in dark mode', async () => {
    const context = await newContext(browser, { viewport: 'phone', colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'da', '/da/fjordklub/events/new');
    await page.getByLabel('Titel').fill('Byfest');
    await page.getByRole('button', { name: 'Tilføj billettype' }).click();
    const ticket = page.getByRole('group', { name: 'Billet 1' });
    await ticket.getByLabel('Billetnavn').fill('Alle');
    const limit = ticket.getByLabel('Maks. deltagere');
    await limit.fill('100001');
    const before = (await platform.db.query('select count(*)::int as n from events')).rows[0];
    await page.getByRole('button', { name: 'Offentliggør nu' }).click();
    await page.getByText('Nogle felter skal rettes.').waitFor();
    await ticket.getByText('Højst 100.000 pladser pr. billettype').waitFor();
    expect(await limit.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'events-editor-place-limit-da-dark-phone');
    // Nothing was saved.
    expect((await platform.db.query('select count(*)::int as n from events')).rows[0]).toEqual(before);
    // The limit itself is allowed, and the message goes.
    await limit.fill('100000');
    await limit.blur();
    await page.getByRole('button', { name: 'Offentliggør nu' }).click();
    await ticket.getByText('Højst 100.000 pladser pr. billettype').waitFor({ state: 'detached' });
    expect(await limit.getAttribute('aria-invalid')).not.toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});
