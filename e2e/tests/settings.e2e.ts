// The settings screen in Chromium, in Danish: the time zone moves event times; an owner invites
// an administrator, who accepts through the mail at a real SMTP listener and sees only the
// granted areas; a revoked area is gone after a reload; the last owner is kept; a CPR reveal is
// found in the audit log; retention preview. Screenshots of every part in both languages and
// colour modes, on a desktop and a phone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startSmtpListener,
  verifyLink,
  type SmtpListener,
} from '../../apps/server/tests/support/smtp-listener';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let smtp: SmtpListener;
let club: Community;
const ownerEmail = 'formand@ravnsborg-ro.dk';
const ownerPassword = 'ro-klubben-2026';
const adminEmail = 'kasserer@ravnsborg-ro.dk';
const adminPassword = 'åretag-i-2027';

beforeAll(async () => {
  smtp = await startSmtpListener();
  platform = await startE2ePlatform({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Klubportalen <noreply@klubportalen.test>',
  });
  browser = await launchBrowser();
  const owner = await createUser(platform, ownerEmail, ownerPassword, 'Rasmus Formand');
  club = await addMembership(
    platform,
    owner,
    { slug: 'ravnsborg', name: 'Ravnsborg Roklub' },
    { role: 'owner', areas: ['member', 'event'], manager: true },
  );
  const { rows } = await platform.db.query<{ id: string }>(
    `insert into members (community_id, first_name, last_name, joined_on) values ($1, 'Karla', 'Ørsted', '2020-01-01')
     returning id::text`,
    [club.id],
  );
  await platform.db.query(
    `insert into members (community_id, first_name, last_name, status, joined_on, left_on)
     values ($1, 'Gammel', 'Roer', 'left', '2015-01-01', current_date - interval '3 years')`,
    [club.id],
  );
  // The owner sets and reveals a CPR number through the data API, as the member screen does.
  const ownerClient = platform.client();
  await ownerClient.auth.signInWithPassword({ email: ownerEmail, password: ownerPassword });
  expect(
    (await ownerClient.rpc('set_member_cpr', { p_member_id: rows[0]!.id, p_cpr: '150387-1234' })).error,
  ).toBeNull();
  expect(
    (await ownerClient.rpc('reveal_member_cpr', { p_member_id: rows[0]!.id, p_reason: 'Tilskudsansøgning' }))
      .error,
  ).toBeNull();
  const { error } = await platform.adminClient().rpc('save_event', {
    p_event: {
      community_id: club.id,
      title: 'Sommerkaproning',
      starts_at: '2027-06-10T16:00:00Z',
      ends_at: '2027-06-10T18:00:00Z',
      status: 'published',
      tickets: [],
      jobs: [],
    },
  });
  expect(error).toBeNull();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await smtp?.close();
});

async function signIn(page: Page, email: string, password: string, language: 'da' | 'en', path: string) {
  const target = `/${language}/ravnsborg/${path}`;
  await page.goto(`${platform.url}/${language}/login?redirect=${encodeURIComponent(target)}`);
  await page.getByLabel(language === 'da' ? 'E-mail' : 'Email').fill(email);
  await page.getByLabel(language === 'da' ? 'Adgangskode' : 'Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: language === 'da' ? 'Log ind' : 'Sign in', exact: true }).click();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === target);
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Hovedmenu' }).getByRole('link');
const part = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dele af indstillingerne' }).getByRole('link', { name }).click();

describe('settings', () => {
  it('moves event times when the time zone changes, and refuses an unknown one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, ownerEmail, ownerPassword, 'da', 'events');
    const row = page.getByRole('row').filter({ hasText: 'Sommerkaproning' });
    await expect.poll(() => row.textContent()).toContain('18.00');

    await page.goto(`${platform.url}/da/ravnsborg/settings`);
    const zone = page.getByLabel('Tidszone');
    await expect.poll(() => zone.inputValue()).toBe('Europe/Copenhagen');
    await screenshot(page, 'settings-general-da-light-desktop');
    // Bank details are kept with billing (decision 0969); General points there.
    expect(
      await page.getByRole('link', { name: 'Åbn betalingsoplysninger under Økonomi' }).getAttribute('href'),
    ).toBe('/da/ravnsborg/billing/terms#payment-details');
    await zone.fill('Europe/Atlantis');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page.getByText('Ukendt tidszone. Brug et navn som Europe/Copenhagen.').first().waitFor();
    await zone.fill('America/New_York');
    await page.getByLabel('Kontakt-e-mail').fill('kontakt@ravnsborg-ro');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page.getByText('Skriv en e-mailadresse som kontakt@klub.dk.').waitFor();
    await page.getByLabel('Kontakt-e-mail').fill('kontakt@ravnsborg-ro.dk');
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page.getByText('Indstillingerne for Ravnsborg Roklub er gemt.').first().waitFor();
    const saved = await platform.db.query<{ time_zone: string; contact_email: string }>(
      `select c.time_zone, s.contact_email from communities c join community_settings s on s.community_id = c.id
        where c.id = $1`,
      [club.id],
    );
    expect(saved.rows[0]).toEqual({
      time_zone: 'America/New_York',
      contact_email: 'kontakt@ravnsborg-ro.dk',
    });

    await menu(page).filter({ hasText: 'Arrangementer' }).click();
    await expect.poll(() => row.textContent()).toContain('12.00');
    await page.reload();
    await expect.poll(() => row.textContent()).toContain('12.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('invites an administrator who sees only the granted areas, and a revoked area goes after a reload', async () => {
    const ownerContext = await newContext(browser);
    const owner = await ownerContext.newPage();
    const errors = collectPageErrors(owner);
    await signIn(owner, ownerEmail, ownerPassword, 'da', 'settings?part=administrators');
    const admins = owner.getByTestId('administrator');
    await expect.poll(() => admins.count()).toBe(1);

    // The last owner cannot give up their access; the refusal says why, in words.
    await owner.getByRole('button', { name: `Fjern al adgang for ${ownerEmail}` }).click();
    const confirm = owner.getByRole('alertdialog');
    await confirm.getByText('Ravnsborg Roklub').first().waitFor();
    await confirm.getByRole('button', { name: 'Fjern adgang' }).click();
    await confirm.getByText('Det er den sidste ejer. Gør en anden til ejer først').waitFor();
    await confirm.getByRole('button', { name: 'Annuller' }).click();

    await owner.getByRole('button', { name: 'Invitér administrator' }).click();
    const invite = owner.getByRole('dialog');
    await invite.getByLabel('E-mail').fill('kasserer@ravnsborg');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await invite.getByText('Skriv en e-mailadresse som navn@eksempel.dk.').waitFor();
    await invite.getByLabel('E-mail').fill(adminEmail);
    await invite.getByLabel('Arrangementer').check();
    await invite.getByLabel('Booking').check();
    await screenshot(owner, 'settings-invite-da-light-desktop');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByText(`Invitationen er sendt til ${adminEmail}.`).first().waitFor();
    await expect.poll(() => admins.count()).toBe(2);
    await admins.filter({ hasText: adminEmail }).getByText('Invitationen er ikke accepteret').waitFor();

    // The invited person follows the mail, chooses a password and sees only what was granted.
    const mail = await smtp.waitFor(adminEmail);
    const adminContext = await newContext(browser);
    const admin = await adminContext.newPage();
    await admin.goto(verifyLink(mail));
    await admin.waitForURL(`${platform.url}/da/new-password`);
    await admin.getByLabel('Ny adgangskode', { exact: true }).fill(adminPassword);
    await admin.getByLabel('Gentag adgangskode').fill(adminPassword);
    await admin.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await admin.waitForURL(`${platform.url}/da/ravnsborg`);
    await expect
      .poll(() => menu(admin).allTextContents())
      .toEqual(['Overblik', 'Arrangementer', 'Booking', 'Ordrer', 'Tags', 'Indstillinger']);

    // The owner takes Booking away and gives News; after a reload the menu follows.
    await owner.reload();
    await admins
      .filter({ hasText: adminEmail })
      .getByRole('button', { name: `Ændr adgangen for ${adminEmail}` })
      .click();
    const edit = owner.getByRole('dialog');
    await edit.getByLabel('Booking').uncheck();
    await edit.getByLabel('Nyheder').check();
    await edit.getByRole('button', { name: 'Gem adgang' }).click();
    await owner.getByRole('alertdialog').getByText(`${adminEmail} får: Arrangementer, Nyheder.`).waitFor();
    await screenshot(owner, 'settings-access-confirm-da-light-desktop');
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Gem adgang' }).click();
    await owner.getByText(`Adgangen for ${adminEmail} er gemt.`).first().waitFor();

    await admin.reload();
    await expect
      .poll(() => menu(admin).allTextContents())
      .toEqual(['Overblik', 'Arrangementer', 'Nyheder', 'Tags', 'Indstillinger']);
    // An administrator who is neither owner nor membership manager sees no administrators.
    await admin.goto(`${platform.url}/da/ravnsborg/settings?part=administrators`);
    await admin.getByText('Kun ejere og medlemsansvarlige kan se administratorerne.').waitFor();
    await screenshot(owner, 'settings-administrators-da-light-desktop');
    expect(errors).toEqual([]);
    await adminContext.close();
    await ownerContext.close();
  });

  it('finds a CPR reveal in the audit log and previews retention', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, ownerEmail, ownerPassword, 'da', 'settings?part=audit');
    await page.getByRole('heading', { name: 'Revisionslog' }).waitFor();
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'CPR-nummer' });
    await page.getByLabel('Søg i revisionsloggen').fill('ørsted');
    const reveal = page.getByRole('row').filter({ hasText: 'CPR-nummer vist' });
    await reveal.waitFor();
    expect(await reveal.textContent()).toContain('Karla Ørsted');
    expect(await reveal.textContent()).toContain('Begrundelse: Tilskudsansøgning');
    expect(await reveal.textContent()).toContain(ownerEmail);
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'CPR-nummer gemt' }).count()).toBe(1);
    await page.getByText('2 hændelser').first().waitFor();
    // A search counts its hits exactly (search_audit_log, decision 0970); the unsearched log's
    // total is the planner's estimate, shown with "~".
    await page.getByText('1–2 af 2', { exact: true }).first().waitFor();
    await screenshot(page, 'settings-audit-da-light-desktop');
    // Every word must match: a second name nobody has finds nothing.
    await page.getByLabel('Søg i revisionsloggen').fill('ørsted hansen');
    await page.getByText('Intet passer til filtrene').waitFor();
    expect(await reveal.count()).toBe(0);
    await part(page, 'Opbevaring af data');
    await page.getByLabel('Måneder, data gemmes efter udmeldelse').fill('24');
    await page.getByRole('button', { name: 'Vis, hvem det rammer' }).click();
    await page.getByText('1 medlem ville blive anonymiseret.').waitFor();
    await page.getByText('Gammel Roer').waitFor();
    await screenshot(page, 'settings-retention-da-light-desktop');
    await page.getByLabel('Måneder, data gemmes efter udmeldelse').fill('7');
    await page.getByText('Vælg fra 12 til 120 måneder.').waitFor();

    await part(page, 'Sikkerhedskopier');
    await page.getByText('Ingen planlagte sikkerhedskopier.', { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('looks right in both languages, both colour modes and on a phone', async () => {
    const looks = [
      { language: 'en', colorScheme: 'dark', viewport: 'phone' },
      { language: 'da', colorScheme: 'dark', viewport: 'desktop' },
      { language: 'en', colorScheme: 'light', viewport: 'desktop' },
      { language: 'da', colorScheme: 'light', viewport: 'phone' },
    ] as const;
    const parts = ['general', 'administrators', 'retention', 'audit', 'backup'];
    for (const look of looks) {
      const context = await newContext(browser, { colorScheme: look.colorScheme, viewport: look.viewport });
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await signIn(page, ownerEmail, ownerPassword, look.language, 'settings');
      for (const name of parts) {
        await page.goto(`${platform.url}/${look.language}/ravnsborg/settings?part=${name}`);
        await page
          .getByRole('navigation', {
            name: look.language === 'da' ? 'Dele af indstillingerne' : 'Parts of the settings',
          })
          .waitFor();
        await page.getByRole('heading', { level: 2 }).first().waitFor();
        await screenshot(page, `settings-${name}-${look.language}-${look.colorScheme}-${look.viewport}`);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
