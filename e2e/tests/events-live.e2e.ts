// The event detail in Chromium while members act through the member-side functions: a ticket
// purchase with an add-on and a volunteer sign-up appear without a reload. Then screenshots of
// list, detail and editor in English and Danish, light and dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signedInMember, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let eventId: string;
const adminEmail = 'karin@sejlklubben.dk';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'sejlklub', name: 'Sejlklubben Vinden' }, ['event']);
  const starts = new Date(Date.now() + 30 * 24 * 3600_000);
  const at = (hours: number) => new Date(starts.getTime() + hours * 3600_000).toISOString();
  const { data, error } = await platform.adminClient().rpc('save_event', {
    p_event: {
      community_id: club.id,
      title: 'Kapsejlads og grill',
      location: 'Strandvejen 10, 2900 Hellerup',
      description: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Kapsejlads om formiddagen, ' },
              { type: 'text', text: 'grill', marks: [{ type: 'bold' }] },
              { type: 'text', text: ' om aftenen.' },
            ],
          },
        ],
      },
      starts_at: at(0),
      ends_at: at(8),
      status: 'published',
      visibility: 'members',
      tickets: [
        { name: 'Voksen', participant_limit: 50, price_ore: 15000 },
        { name: 'Junior', participant_limit: 30, price_ore: 7500 },
      ],
      addons: [
        {
          name: 'Mad',
          min_per_person: 0,
          max_per_person: 2,
          options: [{ title: 'Grillbuffet', price_ore: 12500, capacity: 40 }],
        },
      ],
      jobs: [{ title: 'Grillmester', slots: 2, timeslots: [{ starts_at: at(6), ends_at: at(8) }] }],
    },
  });
  if (error) throw new Error(error.message);
  eventId = data as string;
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function adminPage(
  language: 'en' | 'da',
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
  viewport: 'desktop' | 'phone' = 'desktop',
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, { colorScheme, viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, language, `/${language}/sejlklub/${path}`);
  return { page, errors, close: () => context.close() };
}

describe('event detail, live', () => {
  it('shows a member buying tickets with an add-on and signing up as a volunteer, without a reload', async () => {
    const { page, errors, close } = await adminPage('en', `events/${eventId}`);
    await page.getByRole('heading', { level: 1, name: 'Kapsejlads og grill' }).waitFor();
    await page.getByText('No participants yet.').waitFor();
    // The connection indicator names its state in words and explains it in a tooltip.
    await page.getByRole('button', { name: 'Live updates: connected' }).waitFor();
    await page.getByRole('button', { name: 'Live updates: connected' }).hover();
    await page
      .getByRole('tooltip')
      .getByText('Sales and sign-ups appear here as they happen.')
      .first()
      .waitFor();
    await page.mouse.move(0, 0);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    const member = await signedInMember(platform, club, 'ole@example.dk', 'Ole', 'Sørensen');
    const { data: tickets } = await member
      .from('tickets')
      .select('id, name')
      .eq('event_id', eventId)
      .order('sort_order');
    const adult = tickets!.find((t: { name: string }) => t.name === 'Voksen')!.id as string;
    const { data: option } = await member
      .from('addon_options')
      .select('id')
      .eq('title', 'Grillbuffet')
      .single();
    const bought = await member.rpc('buy_ticket', {
      p_ticket_id: adult,
      p_quantity: 2,
      p_addons: [{ option_id: option!.id, quantity: 2 }],
    });
    expect(bought.error).toBeNull();

    const sales = page.getByRole('table', { name: 'Sales' });
    await sales
      .getByRole('row', { name: /Voksen/ })
      .getByText('2 of 50')
      .waitFor();
    const adultRow = (
      await sales
        .getByRole('row', { name: /Voksen/ })
        .getByRole('cell')
        .allTextContents()
    ).map((t) => t.replace(/\s/g, ' '));
    expect(adultRow).toEqual(['DKK 150.00', '2 of 50', 'DKK 300.00']);
    expect(
      (
        await sales
          .getByRole('row', { name: /Grillbuffet/ })
          .getByRole('cell')
          .allTextContents()
      ).map((t) => t.replace(/\s/g, ' ')),
    ).toEqual(['DKK 125.00', '2 of 40', 'DKK 250.00']);
    expect((await page.getByTestId('sales-total').textContent())?.replace(/\s/g, ' ')).toBe('DKK 550.00');
    const participant = page
      .getByRole('table', { name: 'Participants' })
      .getByRole('row', { name: /Ole Sørensen/ });
    await participant.waitFor();
    expect(await participant.textContent()).toContain('2 × Mad: Grillbuffet');

    const { data: job } = await member
      .from('volunteer_jobs')
      .select('id, volunteer_timeslots(id)')
      .eq('event_id', eventId)
      .single();
    const signedUp = await member.rpc('sign_up_volunteer', {
      p_job_id: job!.id,
      p_timeslot_id: (job as { volunteer_timeslots: { id: string }[] }).volunteer_timeslots[0]!.id,
    });
    expect(signedUp.error).toBeNull();
    const shift = page.getByRole('listitem', { name: /^Grillmester / });
    await shift.getByText('1 of 2 filled').waitFor();
    await shift.getByText('Ole Sørensen').waitFor();
    expect(await shift.getByText('1 open').count()).toBe(1);

    // Check-in at the door, and the page never reloaded.
    await participant.getByRole('button', { name: 'Check in Ole Sørensen' }).click();
    await participant.getByText(/^Checked in /).waitFor();
    const checked = await platform.db.query<{ n: string }>(
      'select count(*)::text as n from ticket_purchases where event_id = $1 and checked_in_at is not null',
      [eventId],
    );
    expect(checked.rows[0]!.n).toBe('1');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(errors).toEqual([]);
    await member.removeAllChannels();
    await close();
  });

  it('shows the whole sales table at phone width, revenue included, without scrolling sideways', async () => {
    const { page, close } = await adminPage('da', `events/${eventId}`, 'dark', 'phone');
    const sales = page.getByRole('table', { name: 'Salg' });
    await sales
      .getByRole('row', { name: /Voksen/ })
      .getByText('2 af 50')
      .waitFor();
    const fit = await sales.evaluate((table) => {
      const scroller = table.parentElement!;
      const revenue = Array.from(table.querySelectorAll('th')).find((th) => th.textContent === 'Omsætning')!;
      const total = table.querySelector('[data-testid="sales-total"]')!;
      return {
        scrolls: scroller.scrollWidth > scroller.clientWidth,
        revenueRight: revenue.getBoundingClientRect().right,
        totalRight: total.getBoundingClientRect().right,
        boxRight: scroller.getBoundingClientRect().right,
        page: document.documentElement.scrollWidth <= window.innerWidth,
      };
    });
    expect(fit.scrolls).toBe(false);
    expect(fit.revenueRight).toBeLessThanOrEqual(fit.boxRight);
    expect(fit.totalRight).toBeLessThanOrEqual(fit.boxRight);
    expect(fit.page).toBe(true);
    // The price is still there, under the ticket's name.
    expect(await sales.getByRole('rowheader', { name: /Voksen/ }).textContent()).toContain('150,00');
    await close();
  });

  it('adds a guest volunteer to a slot with room, and asks for a valid e-mail first', async () => {
    const { page, close } = await adminPage('da', `events/${eventId}`);
    const shift = page.getByRole('listitem', { name: /^Grillmester / });
    await shift.getByRole('button', { name: 'Tilføj frivillig' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tilføj frivillig' });
    await dialog.getByRole('radio', { name: 'Gæst' }).check();
    await dialog.getByLabel('Gæstens fulde navn').fill('Bente Gæst');
    await dialog.getByLabel('Gæstens e-mail').fill('bente@');
    await dialog.getByRole('button', { name: 'Tilføj frivillig' }).click();
    await dialog.getByText('Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.').waitFor();
    await dialog.getByLabel('Gæstens e-mail').fill('bente@example.dk');
    await dialog.getByRole('button', { name: 'Tilføj frivillig' }).click();
    await shift.getByText('Bente Gæst').waitFor();
    await shift.getByText(/^\d af 2 besat$/).waitFor();
    const guests = await platform.db.query<{ guest_email: string }>(
      'select guest_email from volunteer_signups where guest_name = $1',
      ['Bente Gæst'],
    );
    expect(guests.rows).toEqual([{ guest_email: 'bente@example.dk' }]);
    await close();
  });

  it('says in words why a sold ticket type cannot be removed, and keeps the event as it was', async () => {
    const member = await signedInMember(platform, club, 'aase@example.dk', 'Aase', 'Holm');
    const { data: junior } = await member
      .from('tickets')
      .select('id')
      .eq('event_id', eventId)
      .eq('name', 'Junior')
      .single();
    expect((await member.rpc('buy_ticket', { p_ticket_id: junior!.id })).error).toBeNull();
    const { page, errors, close } = await adminPage('en', `events/${eventId}/edit`);
    await page.getByRole('heading', { level: 1, name: 'Edit event' }).waitFor();
    await page.getByRole('button', { name: 'Remove ticket Junior' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'sold' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe('A ticket type that has been sold cannot be removed.');
    expect(await page.getByText(/P0001|ticket_has_sales|23\d{3}/).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/en/sejlklub/events/${eventId}/edit`);
    const kept = await platform.db.query<{ names: string }>(
      "select string_agg(name, ',' order by sort_order) as names from tickets where event_id = $1",
      [eventId],
    );
    expect(kept.rows[0]!.names).toBe('Voksen,Junior');
    expect(errors).toEqual([]);
    await close();
  });

  it('takes screenshots of list, detail and editor in both languages and colour modes', async () => {
    for (const language of ['en', 'da'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, errors, close } = await adminPage(language, 'events', mode);
        await page.getByRole('row', { name: /Kapsejlads og grill/ }).waitFor();
        await screenshot(page, `events-list-${language}-${mode}-desktop`);
        await page.getByRole('link', { name: 'Kapsejlads og grill' }).click();
        await page.getByRole('heading', { level: 1, name: 'Kapsejlads og grill' }).waitFor();
        await page.getByRole('table', { name: language === 'da' ? 'Salg' : 'Sales' }).waitFor();
        await screenshot(page, `events-detail-${language}-${mode}-desktop`);
        await page.getByRole('link', { name: language === 'da' ? 'Redigér' : 'Edit' }).click();
        await page
          .getByRole('heading', { level: 1, name: language === 'da' ? 'Redigér arrangement' : 'Edit event' })
          .waitFor();
        expect(
          await page.getByLabel(language === 'da' ? 'Titel' : 'Title', { exact: true }).inputValue(),
        ).toBe('Kapsejlads og grill');
        await screenshot(page, `events-editor-${language}-${mode}-desktop`);
        expect(errors).toEqual([]);
        await close();
      }
    }
    const { page, close } = await adminPage('da', 'events', 'light', 'phone');
    // Phones get cards instead of the wide table, and the page never scrolls sideways.
    await page
      .getByRole('list', { name: 'Arrangementer' })
      .getByRole('link', { name: /Kapsejlads og grill/ })
      .waitFor();
    expect(await page.getByRole('table', { name: 'Arrangementer' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'events-list-da-light-phone');
    await page.goto(`${platform.url}/da/sejlklub/events/${eventId}`);
    await page.getByRole('table', { name: 'Salg' }).waitFor();
    await screenshot(page, 'events-detail-da-light-phone');
    await close();
  });
});
