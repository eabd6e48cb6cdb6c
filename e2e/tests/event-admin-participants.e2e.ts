// The administrator's counterparts on the event page (decision 1071), on a phone in Danish in
// dark mode: a member found by name and a guest are added as participants (the guest's e-mail
// checked, a ticket type that would be oversold refused in words), a participant is checked in
// from the list and the door knows it, and an existing member is put on a volunteer shift. Then
// on a desktop in English: a full ticket type refused, and the check-in undone. Last, add-ons
// chosen in the same dialog within their limit per person, a paid one making a free ticket to be
// paid.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let eventId: string;
const adminEmail = 'lis@roklubben.dk';

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'roklub', name: 'Roklubben Åen' }, ['event']);
  const starts = new Date(Date.now() + 14 * 24 * 3600_000);
  const at = (hours: number) => new Date(starts.getTime() + hours * 3600_000).toISOString();
  const { data, error } = await platform.adminClient().rpc('save_event', {
    p_event: {
      community_id: club.id,
      title: 'Standerstrygning',
      starts_at: at(0),
      ends_at: at(6),
      status: 'published',
      visibility: 'members',
      tickets: [
        { name: 'Spisning', participant_limit: 3, price_ore: 15000 },
        { name: 'Kaffe', price_ore: 0 },
      ],
      jobs: [{ title: 'Kagebod', slots: 2, timeslots: [{ starts_at: at(1), ends_at: at(3) }] }],
    },
  });
  if (error) throw new Error(error.message);
  eventId = data as string;
  await platform.db.query(
    `insert into public.members (community_id, first_name, last_name, email)
     values ($1, 'Mette', 'Madsen', 'mette@example.dk'), ($1, 'Niels', 'Nielsen', 'niels@example.dk')`,
    [club.id],
  );
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function adminPage(
  language: 'en' | 'da',
  path: string,
  colorScheme: 'light' | 'dark',
  viewport: 'desktop' | 'phone',
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, { colorScheme, viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, language, `/${language}/roklub/${path}`);
  return { page, errors, close: () => context.close() };
}

const purchases = async () =>
  (
    await platform.db.query<{
      name: string;
      quantity: number;
      total_ore: number;
      payment: string | null;
      by_admin: boolean;
      checked_in: boolean;
    }>(
      `select coalesce(m.full_name, p.guest_name) as name, p.quantity, p.total_ore, p.payment,
              p.added_by is not null as by_admin, p.checked_in_at is not null as checked_in
         from ticket_purchases p left join members m on m.id = p.member_id
        where p.event_id = $1 and p.status = 'active' order by p.purchased_at`,
      [eventId],
    )
  ).rows;

describe('adding participants and volunteers by hand', () => {
  it('adds a member and a guest, checks one in as the door does, and puts a member on a shift (phone, Danish, dark)', async () => {
    const { page, errors, close } = await adminPage('da', `events/${eventId}`, 'dark', 'phone');
    await page.getByRole('heading', { level: 1, name: 'Standerstrygning' }).waitFor();

    // A member, found by name, two places to be paid.
    await page.getByRole('button', { name: 'Tilføj deltager' }).click();
    let dialog = page.getByRole('dialog', { name: 'Tilføj en deltager' });
    await dialog.getByLabel('Find medlem efter navn').fill('Mett');
    await dialog.getByRole('button', { name: /Mette Madsen/ }).click();
    await dialog.getByText(/^Valgt: Mette Madsen/).waitFor();
    await dialog.getByLabel('Antal').fill('2');
    expect(await dialog.getByRole('radio', { name: /^Skal betales/ }).isChecked()).toBe(true);
    await screenshot(page, 'event-add-participant-da-dark-phone');
    await dialog.getByRole('button', { name: 'Tilføj deltager' }).click();
    await page.locator('.toast', { hasText: 'er tilføjet arrangementet' }).first().waitFor();
    const participants = page.getByRole('table', { name: 'Deltagere' });
    const mette = participants.getByRole('row', { name: /Mette Madsen/ });
    await mette.getByText('Skal betales').waitFor();

    // A guest: the e-mail is checked first; two more places would oversell the ticket type.
    await page.getByRole('button', { name: 'Tilføj deltager' }).click();
    dialog = page.getByRole('dialog', { name: 'Tilføj en deltager' });
    await dialog.getByRole('radio', { name: 'Gæst' }).check();
    await dialog.getByLabel('Gæstens fulde navn').fill('Gitte Gæst');
    await dialog.getByLabel('Gæstens e-mail').fill('gitte@');
    await dialog.getByLabel('Antal').fill('2');
    await dialog.getByRole('radio', { name: /^Fribillet/ }).check();
    await dialog.getByRole('button', { name: 'Tilføj deltager' }).click();
    await dialog.getByText('Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.').waitFor();
    await dialog.getByLabel('Gæstens e-mail').fill('gitte@example.dk');
    await dialog.getByRole('button', { name: 'Tilføj deltager' }).click();
    await page
      .locator('.toast', { hasText: 'Der er ikke nok pladser tilbage på denne billettype.' })
      .first()
      .waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Antal').fill('1');
    await dialog.getByRole('button', { name: 'Tilføj deltager' }).click();
    const gitte = participants.getByRole('row', { name: /Gitte Gæst/ });
    await gitte.getByText('Fribillet').waitFor();
    expect(await gitte.getByText('Gæst', { exact: true }).count()).toBe(1);
    expect(await purchases()).toEqual([
      {
        name: 'Mette Madsen',
        quantity: 2,
        total_ore: 30000,
        payment: 'to_pay',
        by_admin: true,
        checked_in: false,
      },
      {
        name: 'Gitte Gæst',
        quantity: 1,
        total_ore: 0,
        payment: 'complimentary',
        by_admin: true,
        checked_in: false,
      },
    ]);

    // Checked in from the list: the same admission the door makes.
    await gitte.getByRole('button', { name: 'Check Gitte Gæst ind' }).click();
    await gitte.getByText(/^Checket ind /).waitFor();
    expect((await purchases()).map((p) => p.checked_in)).toEqual([false, true]);
    // The sales count every place, but a complimentary one brings in nothing (a phone shows the
    // price under the name).
    const spisning = page.getByRole('table', { name: 'Salg' }).getByRole('row', { name: /Spisning/ });
    expect((await spisning.getByRole('cell').allTextContents()).map((x) => x.replace(/\s/g, ' '))).toEqual([
      '3 af 3',
      '300,00 kr.',
    ]);

    // An existing member on the volunteer shift.
    const shift = page.getByRole('listitem', { name: /^Kagebod / });
    await shift.getByRole('button', { name: 'Tilføj frivillig' }).click();
    dialog = page.getByRole('dialog', { name: 'Tilføj frivillig' });
    await dialog.getByLabel('Find medlem efter navn').fill('Niel');
    await dialog.getByRole('button', { name: /Niels Nielsen/ }).click();
    await dialog.getByRole('button', { name: 'Tilføj frivillig' }).click();
    await shift.getByText('Niels Nielsen').waitFor();
    await shift.getByText('1 af 2 besat').waitFor();
    const signup = await platform.db.query<{ name: string }>(
      `select m.full_name as name from volunteer_signups s join members m on m.id = s.member_id
        join volunteer_jobs j on j.id = s.job_id where j.event_id = $1 and s.status = 'signed_up'`,
      [eventId],
    );
    expect(signup.rows).toEqual([{ name: 'Niels Nielsen' }]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'event-participants-da-dark-phone');

    // The door's list knows the check-in from the list.
    await page.goto(`${platform.url}/da/roklub/events/${eventId}/door`);
    await page.getByRole('heading', { level: 1, name: 'Indtjekning ved døren' }).waitFor();
    await page.getByRole('searchbox', { name: 'Find på navn' }).fill('Gitte');
    await page.getByText(/^Inde kl\. /).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses a full ticket type and undoes a check-in (desktop, English)', async () => {
    const { page, errors, close } = await adminPage('en', `events/${eventId}`, 'light', 'desktop');
    await page.getByRole('heading', { level: 1, name: 'Standerstrygning' }).waitFor();
    await page.getByRole('button', { name: 'Add participant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a participant' });
    await dialog.getByLabel('Find member by name').fill('Niels');
    await dialog.getByRole('button', { name: /Niels Nielsen/ }).click();
    await dialog.getByRole('button', { name: 'Add participant' }).click();
    await page
      .locator('.toast', { hasText: 'Not enough places are left on this ticket type.' })
      .first()
      .waitFor();
    // The free ticket type has room.
    await dialog.getByLabel('Ticket type').selectOption({ label: 'Kaffe' });
    expect(await dialog.getByRole('radio', { name: /^To be paid/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Add participant' }).click();
    await page.locator('.toast', { hasText: 'was added to the event' }).first().waitFor();
    const participants = page.getByRole('table', { name: 'Participants' });
    await participants
      .getByRole('row', { name: /Niels Nielsen/ })
      .getByText('Kaffe')
      .waitFor();

    const gitte = participants.getByRole('row', { name: /Gitte Gæst/ });
    await gitte.getByRole('button', { name: 'Undo check-in of Gitte Gæst' }).click();
    await page.locator('.toast', { hasText: 'Check-in of Gitte Gæst undone' }).first().waitFor();
    await gitte.getByRole('button', { name: 'Check in Gitte Gæst' }).waitFor();
    expect((await purchases()).map((p) => [p.name, p.checked_in])).toEqual([
      ['Mette Madsen', false],
      ['Gitte Gæst', false],
      ['Niels Nielsen', false],
    ]);
    await screenshot(page, 'event-participants-en-light-desktop');
    expect(errors).toEqual([]);
    await close();
  });
  it('adds a guest with an add-on within its limit, to be paid on a free ticket (phone, Danish)', async () => {
    const addon = (
      await platform.db.query<{ id: string }>(
        `insert into event_addons (community_id, event_id, name, min_per_person, max_per_person)
         values ($1, $2, 'Drikkevarer', 0, 1) returning id`,
        [club.id, eventId],
      )
    ).rows[0]!.id;
    await platform.db.query(
      `insert into addon_options (community_id, addon_id, title, price_ore, sort_order)
       values ($1, $2, 'Vin', 5000, 0), ($1, $2, 'Sodavand', 0, 1)`,
      [club.id, addon],
    );
    const { page, errors, close } = await adminPage('da', `events/${eventId}`, 'light', 'phone');
    await page.getByRole('heading', { level: 1, name: 'Standerstrygning' }).waitFor();
    await page.getByRole('button', { name: 'Tilføj deltager' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tilføj en deltager' });
    await dialog.getByRole('radio', { name: 'Gæst' }).check();
    await dialog.getByLabel('Gæstens fulde navn').fill('Hans Hansen');
    await dialog.getByLabel('Gæstens e-mail').fill('hans@example.dk');
    await dialog.getByLabel('Billettype').selectOption({ label: 'Kaffe' });
    await dialog.getByText('Vælg højst 1 pr. person').waitFor();
    // A free ticket with nothing paid chosen asks nothing about payment.
    expect(await dialog.getByRole('radio', { name: /^Skal betales/ }).count()).toBe(0);
    await dialog.getByRole('spinbutton', { name: 'Vin, antal' }).fill('2');
    // A paid add-on on a free ticket is to be paid (or complimentary), as a priced ticket is.
    expect(await dialog.getByRole('radio', { name: /^Skal betales/ }).isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Tilføj deltager' }).click();
    await dialog
      .getByText('Tjek tilvalgene: hvert af dem siger, hvor mange der skal vælges pr. deltager.')
      .waitFor();
    const hans = async () =>
      (
        await platform.db.query<{ total_ore: number; payment: string; addons: string[] }>(
          `select p.total_ore, p.payment,
                  array(select o.title || ' x' || a.quantity from purchase_addons a
                          join addon_options o on o.id = a.option_id where a.purchase_id = p.id) as addons
             from ticket_purchases p where p.event_id = $1 and p.guest_name = 'Hans Hansen'`,
          [eventId],
        )
      ).rows;
    expect(await hans()).toEqual([]);
    await dialog.getByRole('spinbutton', { name: 'Vin, antal' }).fill('1');
    await dialog.getByRole('button', { name: 'Tilføj deltager' }).click();
    await page.locator('.toast', { hasText: 'Hans Hansen er tilføjet arrangementet' }).first().waitFor();
    expect(await hans()).toEqual([{ total_ore: 5000, payment: 'to_pay', addons: ['Vin x1'] }]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await close();
  });
});
