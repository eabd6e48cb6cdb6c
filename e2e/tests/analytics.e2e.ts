// Analytics in Chromium (issue #21): the members chart and the age and gender chart with their
// numbers as tables matching the database, the club filter, the CFR count for last year in
// Danish — its table, the members behind it, the CSV and PDF downloads with the expected counts, the
// municipal grant's age limit, and a year before the club existed refused — and last year's
// premises-grant hours split by age.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

/** The text of a downloaded PDF, laid out as on the page (poppler's pdftotext). */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

let platform: TestPlatform;
let browser: Browser;
let club: Community;
const adminEmail = 'karen@hvidovre-hk.dk';
const lastYear = new Date().getFullYear() - 1;
// The statutory counts open on the year being reported now: this year in December (CFR's
// window opens on 1 December), last year from January to November.
const reportingYear = new Date().getMonth() === 11 ? lastYear + 1 : lastYear;
let youthClub: string;

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
  // The youth department: Alex is its only member.
  youthClub = (
    await db.query<{ id: string }>(
      `insert into clubs (community_id, name) values ($1, 'Ungdomsafdelingen') returning id`,
      [club.id],
    )
  ).rows[0]!.id;
  await db.query(`update members set club_id = $1 where community_id = $2 and first_name = 'Alex'`, [
    youthClub,
    club.id,
  ]);
  // Last year's hall bookings: Alex (14 that day) 2 hours, Karen (29) 3 hours, and a cancelled one.
  const hall = (
    await db.query<{ id: string }>(
      `insert into booking_products (community_id, name, capacity) values ($1, 'Hallen', 2) returning id`,
      [club.id],
    )
  ).rows[0]!.id;
  await db.query(
    `insert into product_availability (community_id, product_id, weekday, starts_at, ends_at)
     select $1, $2, d, '06:00', '23:00' from generate_series(1, 7) d`,
    [club.id, hall],
  );
  for (const [first, from, to, status] of [
    ['Alex', '16:00', '18:00', 'booked'],
    ['Karen', '18:00', '21:00', 'booked'],
    ['Mads', '10:00', '12:00', 'cancelled'],
  ]) {
    await db.query(
      `insert into bookings (community_id, product_id, member_id, starts_at, ends_at, status)
       select $1, $2, m.id, ($4::date + $5::time) at time zone 'Europe/Copenhagen',
              ($4::date + $6::time) at time zone 'Europe/Copenhagen', $7::booking_status
       from members m where m.community_id = $1 and m.first_name = $3`,
      [club.id, hall, first, `${lastYear}-03-10`, from, to, status],
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

    // Age and gender today: the table holds what the database counts.
    const ages = page.getByRole('region', { name: 'Medlemmer efter alder og køn' });
    await ages.getByRole('button', { name: 'Vis som tabel' }).click();
    const ageRows = async () =>
      (await ages.getByRole('table').locator('tbody tr').allTextContents()).map((t) => t.replace(/\s+/g, ''));
    const today = new Date().toISOString().slice(0, 10);
    const expected = await platform.db.query<{ age_band: string; gender: string; members: string }>(
      `select age_band, gender, members::text from analytics_member_demographics($1, $2)`,
      [club.id, today],
    );
    const bands = ['0-12', '13-18', '19-24', '25-59', '60+', 'unknown'];
    const cell = (band: string, gender: string) =>
      expected.rows.find((r) => r.age_band === band && r.gender === gender)?.members ?? '0';
    expect(await ageRows()).toEqual(
      bands.map(
        (b) =>
          (b === 'unknown' ? 'Ikkeoplyst' : b) +
          ['female', 'male', 'other', 'unknown'].map((g) => cell(b, g)).join(''),
      ),
    );
    const total = async () =>
      (await ages.getByRole('table').locator('tbody td').allTextContents()).reduce(
        (n, t) => n + Number(t),
        0,
      );
    const everyone = expected.rows.reduce((n, r) => n + Number(r.members), 0);
    expect(await total()).toBe(everyone);

    // One club: only Alex, a teenager (15 or 16 whatever the day) of gender other.
    await page.getByLabel('Klub', { exact: true }).selectOption({ label: 'Ungdomsafdelingen' });
    await expect
      .poll(ageRows)
      .toEqual(['0-120000', '13-180010', '19-240000', '25-590000', '60+0000', 'Ikkeoplyst0000']);
    await page.getByLabel('Klub', { exact: true }).selectOption({ label: 'Alle klubber' });
    await expect.poll(total).toBe(everyone);

    // No events in the period: said in words, not an empty chart.
    await page.getByText('Ingen offentliggjorte arrangementer begynder i perioden.').waitFor();

    // An end before the start, or a date that cannot be read, is refused on the screen with
    // what to do; the reports below keep working. A right range brings the charts back.
    const filters = page.getByRole('region', { name: 'Diagrammer for den valgte periode' });
    await filters.getByLabel('Til', { exact: true }).fill(`01.01.${lastYear - 1}`);
    await filters.getByLabel('Fra', { exact: true }).focus();
    await page
      .getByText('Periodens slutning ligger før dens start. Vælg en slutdato efter startdatoen.')
      .waitFor();
    expect(await page.getByRole('region', { name: 'Medlemmer pr. måned' }).count()).toBe(0);
    await filters.getByLabel('Til', { exact: true }).fill('32.13.2025');
    await filters.getByLabel('Fra', { exact: true }).focus();
    await page.getByText('Vælg både en start- og en slutdato.').waitFor();
    await filters.getByLabel('Til', { exact: true }).fill(today.split('-').reverse().join('.'));
    await filters.getByLabel('Fra', { exact: true }).focus();
    const membersChart = page.getByRole('region', { name: 'Medlemmer pr. måned' });
    // The drawing itself; the legend's icons are recharts surfaces too.
    const membersDrawing = membersChart.locator('.recharts-wrapper > svg.recharts-surface');
    await membersDrawing.waitFor();
    // The month axis ends with this month, and the drawing fits inside its card.
    const monthLabel = new Intl.DateTimeFormat('da-DK', { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const monthTicks = await membersDrawing
      .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
      .allTextContents();
    expect(monthTicks.at(-1)).toBe(monthLabel.format(new Date(`${today.slice(0, 7)}-01T00:00:00Z`)));
    const card = (await membersChart.boundingBox())!;
    const drawing = (await membersDrawing.boundingBox())!;
    expect(drawing.x + drawing.width).toBeLessThanOrEqual(card.x + card.width);
    // Every line is drawn whole at once: recharts' entry animation grew it from the left with a
    // dash, and a chart caught part-way stopped months early.
    for (const line of await membersDrawing.locator('.recharts-line-curve').all()) {
      expect(await line.getAttribute('stroke-dasharray')).toBeNull();
    }

    const counts = page.getByRole('region', { name: 'Lovpligtige medlemstal' });
    expect(await counts.getByLabel('År', { exact: true }).inputValue()).toBe(String(reportingYear));
    await counts.getByLabel('År', { exact: true }).selectOption(String(lastYear));
    const report = counts.getByRole('table', { name: `CFR-medlemstal ${lastYear}` });
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
      counts.getByRole('button', { name: 'Hent CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`cfr-${lastYear}.csv`);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).trim().split(/\r?\n/)).toEqual([
      'Aktivitet;Alder;Kvinder;Mænd;Andet;Ikke oplyst;I alt',
      'Håndbold;13-18;0;0;1;0;1',
      'Håndbold;25-59;1;0;0;0;1',
    ]);
    // The same numbers as a PDF file made on the server.
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      counts.getByRole('button', { name: 'Hent PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`cfr-${lastYear}.pdf`);
    const pdfLines = pdfText((await pdf.path())!);
    expect(pdfLines).toContain(`CFR-medlemstal ${lastYear}`);
    expect(pdfLines).toMatch(/Håndbold\s+13-18\s+0\s+0\s+1\s+0\s+1/);
    expect(pdfLines).toMatch(/Håndbold\s+25-59\s+1\s+0\s+0\s+0\s+1/);
    expect(pdfLines).toMatch(/I alt\s+2\s*$/m);

    await counts.getByLabel('Opgørelse').selectOption('grant');
    await page.getByRole('table', { name: `Kommunalt medlemstilskud ${lastYear}` }).waitFor();
    expect(
      await page
        .getByRole('table', { name: `Kommunalt medlemstilskud ${lastYear}` })
        .locator('tbody tr')
        .count(),
    ).toBe(1);

    await counts.getByLabel('År', { exact: true }).selectOption(String(lastYear - 8));
    await page
      .getByText(
        `Der findes ingen opgørelse for ${lastYear - 8}: vælg et år fra klubbens første år til i år.`,
      )
      .waitFor();

    // Premises grant for last year: Alex's two hours under 25, Karen's three over, the cancelled
    // booking left out; the bookings behind them; the CSV.
    const premises = page.getByRole('region', { name: 'Lokaletilskud' });
    const hours = premises.getByRole('table', { name: `Bookede timer ${lastYear}` });
    await hours.waitFor();
    expect((await hours.locator('tbody tr').allTextContents()).map((t) => t.replace(/\s+/g, ''))).toEqual([
      'Hallen25,002,003,000,00',
    ]);
    await premises.getByRole('button', { name: 'Vis de bookinger, der tæller med' }).click();
    const behind = premises.getByRole('table', { name: 'Bookingerne bag timerne' });
    await behind.getByRole('rowheader', { name: 'Alex Dahl' }).waitFor();
    expect(await behind.getByRole('rowheader').allTextContents()).toEqual(['Alex Dahl', 'Karen Dahl']);
    const [premisesCsv] = await Promise.all([
      page.waitForEvent('download'),
      premises.getByRole('button', { name: 'Hent CSV' }).click(),
    ]);
    expect(premisesCsv.suggestedFilename()).toBe(`lokaletilskud-${lastYear}.csv`);
    expect(
      fs
        .readFileSync((await premisesCsv.path())!, 'utf8')
        .slice(1)
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Ressource;Bookinger;Timer;Under 25;25 og derover;Alder ikke oplyst', 'Hallen;2;5;2;3;0']);
    const [premisesPdf] = await Promise.all([
      page.waitForEvent('download'),
      premises.getByRole('button', { name: 'Hent PDF' }).click(),
    ]);
    expect(premisesPdf.suggestedFilename()).toBe(`lokaletilskud-${lastYear}.pdf`);
    expect(pdfText((await premisesPdf.path())!)).toMatch(/Hallen\s+2\s+5,00\s+2,00\s+3,00\s+0,00/);
    await screenshot(page, 'analytics-premises-da-light-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works on a phone in dark mode in English', async () => {
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'en', '/en/hvidovre/analytics');
    await page.getByRole('table', { name: `CFR member count ${reportingYear}` }).waitFor();
    await page.getByRole('table', { name: `Booked hours ${lastYear}` }).waitFor();
    await page
      .getByRole('region', { name: 'Members by age and gender' })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    await page
      .getByRole('region', { name: 'Members per month' })
      .locator('svg.recharts-surface')
      .first()
      .waitFor();
    await screenshot(page, 'analytics-en-dark-phone');
    expect(errors).toEqual([]);
    await context.close();
  });
});
