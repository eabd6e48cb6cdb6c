// The groups area in Chromium, in Danish: create a paid monthly group (a price below zero and
// one with three decimals refused under the field), add three members from the register with
// the welcome e-mail arriving at a real SMTP listener, then stop the listener and see the
// failure message; archive and unarchive with confirmations; run the month's fees (three
// charges, then none on a second run); a member joining live. Then screenshots of the list,
// the group page and each sub-screen in both languages and colour modes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seedDemo, type DemoResult } from '../../supabase/seed/generate-demo';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform } from '../support/e2e-platform';
import { signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let demo: DemoResult;
let smtp: SmtpListener;
let smtpOpen = true;
let envDir: string;
const title = 'Svømning for voksne';
let groupId = '';
let members: { id: string; full_name: string; email: string }[] = [];

beforeAll(async () => {
  smtp = await startSmtpListener();
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'groups-e2e-'));
  fs.writeFileSync(
    path.join(envDir, '.env'),
    `SMTP_URL=${smtp.url}\nSMTP_FROM="Søndervang IF <klub@example.dk>"\n`,
  );
  platform = await startE2ePlatform({ FUNCTIONS_ENV_FILE: path.join(envDir, '.env') });
  browser = await launchBrowser();
  demo = await seedDemo(platform.db, { members: 40, accounts: 3 });
  members = (
    await platform.db.query<{ id: string; full_name: string; email: string }>(
      `select m.id, m.full_name, m.email from members m
       where m.community_id = $1 and m.status = 'active' and m.email is not null
         and not exists (select 1 from members x where x.community_id = m.community_id and x.full_name = m.full_name and x.id <> m.id)
       order by m.mid limit 4`,
      [demo.community],
    )
  ).rows;
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  if (smtpOpen) await smtp?.close();
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

async function open(language: 'en' | 'da', route: string, colorScheme: 'light' | 'dark' = 'light') {
  const context = await newContext(browser, { colorScheme });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(
    page,
    platform,
    demo.adminEmail,
    demo.adminPassword,
    language,
    `/${language}/${demo.slug}/${route}`,
  );
  return { page, errors, close: () => context.close() };
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

describe('groups in Danish', () => {
  it('creates a paid monthly group, refusing a bad price under the field', async () => {
    const { page, errors, close } = await open('da', 'groups');
    await page.getByRole('heading', { level: 1, name: 'Grupper' }).waitFor();
    await page.getByRole('button', { name: 'Ny gruppe' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny gruppe' });
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByRole('button', { name: 'Opret gruppe' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    groupId = new URL(page.url()).pathname.split('/').pop()!;

    await page.getByRole('link', { name: 'Pris', exact: true }).click();
    await page
      .getByText('En ny pris ændrer kun opkrævninger, der ikke er udstedt endnu.', { exact: false })
      .waitFor();
    await page.getByLabel('Adgang', { exact: true }).selectOption('paid');
    await page.getByLabel('Betalingsfrekvens').selectOption('monthly');
    const price = page.getByLabel('Pris (kr.)');
    await price.fill('-5');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page.getByText('Prisen kan ikke være under nul.').waitFor();
    await price.fill('12,345');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page.getByText('Angiv prisen som et tal med højst to decimaler, fx 249,50.').waitFor();
    const unsaved = await platform.db.query('select price_ore from groups where id = $1', [groupId]);
    expect(unsaved.rows).toEqual([{ price_ore: 0 }]);
    await price.fill('250');
    // The preview of the next charges follows the values on screen.
    await page.getByRole('table', { name: 'Næste opkrævninger for et medlem, der tilmelder sig' }).waitFor();
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await toast(page, `Prisen for ${title} er gemt`);
    const saved = await platform.db.query('select payment_frequency, price_ore from groups where id = $1', [
      groupId,
    ]);
    expect(saved.rows).toEqual([{ payment_frequency: 'monthly', price_ore: 25000 }]);
    expect(errors).toEqual([]);
    await close();
  });

  it('adds three members with the welcome e-mail, and says so when the mail server is gone', async () => {
    const { page, close } = await open('da', `groups/${groupId}`);
    const add = async (member: (typeof members)[number]) => {
      await page.getByLabel('Søg i medlemsregisteret').fill(member.full_name);
      await page.getByRole('button', { name: `Tilføj medlem: ${member.full_name}` }).click();
    };
    // One notification per member added: what was done, and under it how the mail went.
    const notice = (member: (typeof members)[number]) =>
      page.getByRole('status').filter({ hasText: `${member.full_name} er tilføjet til ${title}` });
    for (const member of members.slice(0, 2)) {
      await add(member);
      await notice(member).getByText(`Velkomstmail sendt til ${member.email}`).first().waitFor();
      const mail = await smtp.waitFor(member.email);
      expect(mail.raw).toContain(`Velkommen til ${title}`);
    }
    await smtp.close();
    smtpOpen = false;
    await add(members[2]!);
    await notice(members[2]!)
      .getByText(
        'Velkomstmailen kunne ikke sendes. Send den igen fra medlemslisten, når mailserveren virker.',
      )
      .first()
      .waitFor();
    expect(smtp.mails.some((mail) => mail.to.includes(members[2]!.email))).toBe(false);
    await page.getByText('3 medlemmer').first().waitFor();
    // The member whose mail failed can be sent it again.
    await page.getByRole('button', { name: `Send velkomstmail: ${members[2]!.full_name}` }).waitFor();
    await close();
  });

  it('archives and unarchives the group with confirmations naming it and the consequence', async () => {
    const { page, close } = await open('da', `groups/${groupId}/GroupSettings`);
    await page.getByRole('button', { name: 'Arkivér gruppe' }).click();
    const archive = page.getByRole('alertdialog', { name: `Arkivér ${title}?` });
    await archive.getByText('optager ingen nye medlemmer og opkræves ikke', { exact: false }).waitFor();
    await archive.getByRole('button', { name: 'Arkivér gruppe' }).click();
    await toast(page, `${title} er arkiveret`);
    expect((await platform.db.query('select archived from groups where id = $1', [groupId])).rows).toEqual([
      { archived: true },
    ]);
    await page.getByRole('button', { name: 'Genaktivér gruppe' }).click();
    const unarchive = page.getByRole('alertdialog', { name: `Genaktivér ${title}?` });
    await unarchive.getByRole('button', { name: 'Genaktivér gruppe' }).click();
    await toast(page, `${title} er genaktiveret`);
    expect((await platform.db.query('select archived from groups where id = $1', [groupId])).rows).toEqual([
      { archived: false },
    ]);
    await close();
  });

  it("runs the month's fees: three charges, then none on a second run; a new member shows up live", async () => {
    const { page, errors, close } = await open('da', `groups/${groupId}`);
    const fees = page.getByRole('region', { name: 'Opkrævning' });
    await fees.getByRole('button', { name: 'Se opkrævningerne' }).click();
    await fees.getByText('3 opkrævninger, i alt 750,00', { exact: false }).waitFor();
    await fees.getByRole('button', { name: 'Opkræv 3 medlemmer' }).click();
    await fees.getByText('3 opkrævninger udstedt').waitFor();
    const charges = () =>
      platform.db.query<{ n: number }>(
        'select count(*)::int as n from group_fee_charges where group_id = $1',
        [groupId],
      );
    expect((await charges()).rows[0]!.n).toBe(3);
    await fees.getByText('Ingen skal opkræves for denne periode', { exact: false }).waitFor();
    await fees.getByRole('button', { name: 'Kør alligevel' }).click();
    await fees.getByText('Ingen nye opkrævninger: ingen blev opkrævet igen').waitFor();
    expect((await charges()).rows[0]!.n).toBe(3);

    // Someone else adds a member: the list follows without a reload.
    const fourth = members[3]!;
    await platform.db.query(
      `insert into group_members (community_id, group_id, member_id) values ($1, $2, $3)`,
      [demo.community, groupId, fourth.id],
    );
    await page.getByText('4 medlemmer').first().waitFor();
    await page.getByRole('cell', { name: fourth.full_name }).first().waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('asks before creating a second group with a title the club already uses', async () => {
    const { page, errors, close } = await open('da', 'groups');
    await page.getByRole('button', { name: 'Ny gruppe' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Ny gruppe' });
    const count = async () =>
      Number(
        (
          await platform.db.query<{ n: number }>(
            'select count(*)::int as n from groups where community_id = $1 and lower(title) = lower($2)',
            [demo.community, title],
          )
        ).rows[0]!.n,
      );
    // Same title in other letters' case and with spaces: asked about, nothing created yet.
    await dialog.getByLabel('Titel').fill(`  ${title.toUpperCase()} `);
    await dialog.getByRole('button', { name: 'Opret gruppe' }).click();
    await dialog.getByText(`Der findes allerede en gruppe, der hedder ${title}.`, { exact: false }).waitFor();
    expect(await count()).toBe(1);
    // Another title takes the warning away; back to the same one shows it again.
    await dialog.getByLabel('Titel').fill(`${title} 2`);
    await dialog.getByRole('button', { name: 'Opret gruppe' }).waitFor();
    expect(await dialog.getByText('Der findes allerede en gruppe', { exact: false }).count()).toBe(0);
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByText('Der findes allerede en gruppe', { exact: false }).waitFor();
    await screenshot(page, 'groups-duplicate-title-da-light-desktop');
    // Told, the administrator means it.
    await dialog.getByRole('button', { name: 'Opret alligevel' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await count()).toBe(2);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('groups screenshots', () => {
  it('shows the list, the group page and each sub-screen in both languages and colour modes', async () => {
    const screens: [string, string][] = [
      ['list', 'groups'],
      ['page', `groups/${groupId}`],
      ['details', `groups/${groupId}/GroupDetails`],
      ['description', `groups/${groupId}/GroupDescription`],
      ['price', `groups/${groupId}/GroupPrice`],
      ['settings', `groups/${groupId}/GroupSettings`],
    ];
    for (const language of ['en', 'da'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, errors, close } = await open(language, 'groups', mode);
        for (const [name, route] of screens) {
          await page.goto(`${platform.url}/${language}/${demo.slug}/${route}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
          await screenshot(page, `groups-${name}-${language}-${mode}`);
        }
        expect(errors).toEqual([]);
        await close();
      }
    }
  });
});
