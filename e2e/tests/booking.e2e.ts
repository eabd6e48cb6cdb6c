// Booking in Chromium, in Danish (issue #19): create a product with weekly hours and a
// certificate requirement, book it for a member whose certificate is valid (works) and for one
// whose certificate expires before the day (refused with the reason), check in and cancel with
// confirmations, create a season series that reports its conflict, and subscribe to the
// product's feed, parsed with ical.js. Screenshots of the calendar, the product editor and a
// booking in both languages and colour modes.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let community: Community;
const members: Record<string, string> = {};

const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86400000));
/** A day as a Danish page writes it: 2026-12-24 → 24.12.2026. */
const danish = (day: string) => day.split('-').reverse().join('.');
// The Monday two weeks ahead (or the first after it whose next ten Mondays and Tuesdays hold no
// Danish public holiday, so the season series skips nothing whatever day the test runs), and
// the Tuesday after it.
const now = new Date();
let monday = plusDays(iso(now), 14 - ((now.getUTCDay() + 6) % 7));
let tuesday = plusDays(monday, 1);

async function chooseHolidayFreeWeeks(): Promise<void> {
  for (;;) {
    const { rows } = await platform.db.query<{ n: number }>(
      `select count(*)::int as n from public.danish_holidays($1::date, $2::date) where extract(isodow from on_date) in (1, 2)`,
      [monday, plusDays(monday, 64)],
    );
    if (rows[0]!.n === 0) break;
    monday = plusDays(monday, 7);
  }
  tuesday = plusDays(monday, 1);
}

beforeAll(async () => {
  platform = await startE2ePlatform();
  await chooseHolidayFreeWeeks();
  browser = await launchBrowser();
  const owner = await createUser(platform, 'booking@hallklub.dk', 'hal-klubben-2026', 'Bo Booking');
  community = await addMembership(
    platform,
    owner,
    { slug: 'hallklub', name: 'Hallklubben' },
    { role: 'member', areas: ['booking'] },
  );
  for (const [name, expires] of [
    ['Vera', plusDays(monday, 200)],
    ['Erik', plusDays(monday, -1)],
    ['Holger', plusDays(monday, 400)],
  ] as const) {
    const { rows } = await platform.db.query<{ id: string }>(
      `insert into members (community_id, first_name, last_name, email) values ($1, $2, 'Holm', lower($2) || '@hallklub.dk') returning id::text`,
      [community.id, name],
    );
    members[name] = rows[0]!.id;
    await platform.db.query(
      `insert into member_certificates (community_id, member_id, kind, expires_on) values ($1, $2, 'hal_intro', $3)`,
      [community.id, rows[0]!.id, expires],
    );
  }
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page, language: 'da' | 'en', path: string) {
  await page.goto(`${platform.url}/${language}/login?redirect=/${language}/hallklub/${path}`);
  await page.getByLabel(language === 'da' ? 'E-mail' : 'Email').fill('booking@hallklub.dk');
  await page
    .getByLabel(language === 'da' ? 'Adgangskode' : 'Password', { exact: true })
    .fill('hal-klubben-2026');
  await page.getByRole('button', { name: language === 'da' ? 'Log ind' : 'Sign in', exact: true }).click();
  await page.waitForURL(`${platform.url}/${language}/hallklub/${path}`);
}

async function bookInDialog(page: Page, member: string, from: string, to: string) {
  await page.getByRole('button', { name: 'Ny booking' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book for et medlem' });
  await dialog.getByLabel('Medlem', { exact: true }).fill(member);
  await dialog.getByRole('button', { name: `${member} Holm` }).click();
  await dialog.getByLabel('Dag', { exact: true }).fill(danish(monday));
  await dialog.getByLabel('Fra', { exact: true }).fill(from);
  await dialog.getByLabel('Til', { exact: true }).fill(to);
  return dialog;
}

const productId = async () =>
  (await platform.db.query<{ id: string }>(`select id::text from booking_products where name = 'Hal 1'`))
    .rows[0]!.id;

describe('booking', () => {
  it('creates a product, books, refuses an expiring certificate, checks in, cancels, makes a season series and a feed', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, 'da', 'booking/products');
    await page.getByRole('link', { name: 'Ny ressource' }).click();
    await page.getByLabel('Navn').fill('Hal 1');
    await page.getByLabel('Bookingkapacitet').fill('1');
    // Monday keeps the new period's 08.00–22.00; Tuesday gets 16.00–21.00, after a time that
    // does not exist is refused under its field.
    await page.getByRole('button', { name: 'Tilføj tidsrum (Mandag)' }).click();
    await page.getByRole('button', { name: 'Tilføj tidsrum (Tirsdag)' }).click();
    await page.getByLabel('Tirsdag fra').fill('16.00');
    await page.getByLabel('Tirsdag til').fill('25.00');
    await page.getByLabel('Tirsdag fra').focus();
    await page.getByText('Skriv et tidspunkt som 08.00 (00.00–24.00).').waitFor();
    await page.getByLabel('Tirsdag til').fill('21');
    await page.getByLabel('Tirsdag fra').focus();
    await page.getByText('Skriv et tidspunkt som 08.00 (00.00–24.00).').waitFor({ state: 'detached' });
    expect(await page.getByLabel('Tirsdag til').inputValue()).toBe('21.00');
    await page.getByLabel(/Krævede certifikater/).fill('hal_intro');
    await page.getByLabel('Afbestillingsfrist (timer før start)').fill('48');
    await screenshot(page, 'booking-product-editor-da-light-desktop');
    await page.getByRole('button', { name: 'Gem ressource' }).click();
    await page.getByText('Hal 1 er gemt').first().waitFor();
    await page.getByRole('link', { name: 'Hal 1' }).waitFor();
    const product = await productId();
    // A booking to cancel later, and one that the season series will conflict with.
    await platform.db.query(
      `insert into bookings (community_id, product_id, member_id, starts_at, ends_at)
       values ($1, $2, $3, ($4::date + time '19:00') at time zone 'Europe/Copenhagen', ($4::date + time '20:00') at time zone 'Europe/Copenhagen'),
              ($1, $2, $3, ($5::date + time '17:30') at time zone 'Europe/Copenhagen', ($5::date + time '18:30') at time zone 'Europe/Copenhagen')`,
      [community.id, product, members.Vera, monday, plusDays(tuesday, 14)],
    );

    await page.goto(`${platform.url}/da/hallklub/booking?day=${monday}`);
    await page.getByRole('heading', { level: 1, name: 'Bookinger' }).waitFor();
    let dialog = await bookInDialog(page, 'Vera', '17:00', '18:00');
    await dialog.getByText('hal_intro er gyldigt på dagen').waitFor();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await page.getByText('Booket for Vera Holm').first().waitFor();
    await page.getByRole('link', { name: /17\.00–18\.00 Vera Holm/ }).waitFor();

    dialog = await bookInDialog(page, 'Erik', '10:00', '11:00');
    await dialog.getByText(/hal_intro udløber .*, før den bookede dag/).waitFor();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await dialog.getByText('Afvist: et krævet certifikat er ikke gyldigt på den bookede dag.').waitFor();
    await dialog.getByRole('button', { name: 'Luk', exact: true }).first().click();
    await page.getByText(/Ledigt 08\.00–17\.00, 18\.00–19\.00, 20\.00–22\.00/).waitFor();
    await screenshot(page, 'booking-calendar-da-light-desktop');

    await page.getByRole('link', { name: /17\.00–18\.00 Vera Holm/ }).click();
    await page.getByRole('button', { name: 'Tjek ind' }).click();
    let confirm = page.getByRole('alertdialog');
    await confirm.getByText('Tjek Vera Holm ind på Hal 1?').waitFor();
    await screenshot(page, 'booking-detail-da-light-desktop');
    await confirm.getByRole('button', { name: 'Tjek ind' }).click();
    await page.getByText('Vera Holm er tjekket ind').first().waitFor();
    await page.getByText('Tjekket ind', { exact: true }).first().waitFor();

    await page.goto(`${platform.url}/da/hallklub/booking?day=${monday}`);
    await page.getByRole('link', { name: /19\.00–20\.00 Vera Holm/ }).click();
    await page.getByRole('button', { name: 'Aflys booking' }).click();
    confirm = page.getByRole('alertdialog');
    await confirm.getByText('Det er i tide: intet skal betales, og tiden bliver ledig.').waitFor();
    await confirm.getByRole('button', { name: 'Aflys booking' }).click();
    await page.getByText('1 booking aflyst').first().waitFor();

    await page.goto(`${platform.url}/da/hallklub/booking?day=${monday}`);
    await page.getByRole('button', { name: 'Sæsonbooking' }).click();
    const series = page.getByRole('dialog', { name: 'Sæsonbooking' });
    await series.getByLabel('Medlem', { exact: true }).fill('Holger');
    await series.getByRole('button', { name: 'Holger Holm' }).click();
    await series.getByLabel('Ugedag').selectOption('2');
    await series.getByLabel('Første dag').fill(danish(tuesday));
    await series.getByLabel('Sidste dag').fill(plusDays(tuesday, 63));
    await series.getByRole('button', { name: 'Tjek datoerne' }).click();
    await series.getByText('9 ledige datoer, 1 konflikter, 0 sprunget over').waitFor();
    await series.getByText(/Ressourcen er fuldt booket på det tidspunkt/).waitFor();
    await series.getByRole('button', { name: 'Book 9 datoer' }).click();
    await page.getByText('Sæsonbooking oprettet: 9 datoer booket').first().waitFor();

    await page.goto(`${platform.url}/da/hallklub/booking/products/${product}`);
    await page.getByRole('button', { name: 'Vis kalenderadresse' }).click();
    const url = await page.getByLabel('Abonnementsadresse').inputValue();
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(12);
    expect(events.filter((e) => e.component.getFirstPropertyValue('status') === 'CANCELLED')).toHaveLength(1);
    // Tuesdays: the nine dates of the series at 17:00 and the booking it conflicted with.
    const localStarts = new Set(
      events
        .filter((e) => e.startDate.toJSDate().getUTCDay() === 2)
        .map((e) =>
          e.startDate.toJSDate().toLocaleTimeString('da-DK', {
            timeZone: 'Europe/Copenhagen',
            hour: '2-digit',
            minute: '2-digit',
          }),
        ),
    );
    expect(localStarts).toEqual(new Set(['17.00', '17.30']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('filters the calendar by status and member, shows a booking made elsewhere live, and exports utilisation', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, 'da', `booking?day=${monday}`);
    const vera = page.getByRole('link', { name: /17\.00–18\.00 Vera Holm/ });
    const holger = page.getByRole('link', { name: /17\.00–19\.00 Holger Holm/ });
    await vera.waitFor();
    await holger.waitFor();

    await page.getByLabel('Status').selectOption('checked_in');
    await holger.waitFor({ state: 'detached' });
    await vera.waitFor();
    await page.getByLabel('Status').selectOption('');
    await holger.waitFor();
    await page.getByLabel('Søg efter medlem').fill('holger');
    await vera.waitFor({ state: 'detached' });
    await holger.waitFor();
    await page.getByLabel('Søg efter medlem').fill('');
    await vera.waitFor();

    // Someone else books while the calendar is open: it appears without a reload.
    await page.getByText('Opdateres løbende.', { exact: false }).waitFor();
    await platform.db.query(
      `insert into bookings (community_id, product_id, member_id, starts_at, ends_at)
       values ($1, $2, $3, ($4::date + time '12:00') at time zone 'Europe/Copenhagen', ($4::date + time '13:00') at time zone 'Europe/Copenhagen')`,
      [community.id, await productId(), members.Holger, monday],
    );
    await page.getByRole('link', { name: /12\.00–13\.00 Holger Holm/ }).waitFor();

    // Utilisation of the weeks the test booked, exported, matches the bookings in the database;
    // Holger is under 25 on the booked days, Vera is not.
    await platform.db.query(`update members set birth_date = $2::date - interval '20 years' where id = $1`, [
      members.Holger,
      monday,
    ]);
    await page.getByRole('radio', { name: 'Benyttelse' }).click();
    const section = page.getByRole('region', { name: 'Benyttelse' });
    await section.getByLabel('Til').fill(danish(plusDays(monday, 70)));
    await section.getByLabel('Fra').fill(danish(monday));
    await section.getByLabel('Til').focus();
    await section.getByRole('cell', { name: 'Hal 1' }).first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('button', { name: 'Eksportér CSV' }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Periode fra;Ressource;Bookinger;Bookede timer;Timer for medlemmer under 25');
    const number = (v: string) => Number(v.replace(/\./g, '').replace(',', '.'));
    const hal = csv
      .slice(1)
      .map((line) => line.split(';'))
      .filter((cells) => cells[1] === 'Hal 1');
    const { rows } = await platform.db.query<{ hours: number; young: number; n: number }>(
      `select count(*)::int as n, sum(extract(epoch from ends_at - starts_at) / 3600)::float8 as hours,
              (sum(extract(epoch from ends_at - starts_at) / 3600) filter (where member_id = $2))::float8 as young
       from bookings where product_id = $1 and status <> 'cancelled'`,
      [await productId(), members.Holger],
    );
    expect(hal.reduce((sum, cells) => sum + Number(cells[2]), 0)).toBe(rows[0]!.n);
    expect(hal.reduce((sum, cells) => sum + number(cells[3]!), 0)).toBe(rows[0]!.hours);
    expect(hal.reduce((sum, cells) => sum + number(cells[4]!), 0)).toBe(rows[0]!.young);
    expect(rows[0]!.young).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right in English and dark mode, and the calendar on a phone', async () => {
    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    await signIn(page, 'en', `booking?day=${monday}`);
    await page.getByRole('link', { name: /17:00–18:00 Vera Holm/ }).waitFor();
    await screenshot(page, 'booking-calendar-en-dark-desktop');
    await page.getByRole('link', { name: /17:00–18:00 Vera Holm/ }).click();
    await page.getByText('Requirements at booking time').waitFor();
    await screenshot(page, 'booking-detail-en-dark-desktop');
    await page.goto(`${platform.url}/en/hallklub/booking/products/${await productId()}`);
    await page.getByLabel('Name', { exact: true }).waitFor();
    // The saved hours come back into the weekday editor, in English time.
    expect(await page.getByLabel('Tuesday from').inputValue()).toBe('16:00');
    expect(await page.getByLabel('Tuesday to').inputValue()).toBe('21:00');
    expect(await page.getByLabel('Monday to').inputValue()).toBe('22:00');
    await screenshot(page, 'booking-product-editor-en-dark-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${platform.url}/en/hallklub/booking?day=${monday}&view=day`);
    await page.getByRole('link', { name: /17:00–18:00 Vera Holm/ }).waitFor();
    await screenshot(page, 'booking-calendar-en-dark-phone');
    await page.goto(`${platform.url}/en/hallklub/booking/products/${await productId()}`);
    await page.getByLabel('Tuesday from').waitFor();
    await screenshot(page, 'booking-product-editor-en-dark-phone');
    await context.close();
  });
});
