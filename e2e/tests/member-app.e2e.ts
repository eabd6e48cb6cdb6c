// The member app in Chromium at phone size, in Danish: a member without admin access follows
// the admin app's notice to the member app, sees home, comments on a post (the comment gone
// after an administrator hides it, and the box gone live when comments are turned off), joins an
// open team, asks to join one that needs approval, leaves with a confirmation that says what
// happens to the fee; the app is installable (manifest and an active service worker holding
// the frame and the screen's reads) and a loaded screen opens again offline with the banner. Then screenshots of every member
// screen in both languages and colour modes, and the administrator's way to the admin app.
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let club: Community;
let postId: string;
let eventId: string;
const adminEmail = 'formand@roklubben.dk';
const memberEmail = 'ida@roklubben.dk';
const memberPassword = 'medlem-kode-2027';

const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'roklub', name: 'Roklubben Bølgen' }, [
    'news',
    'group',
  ]);
  const userId = await createUser(platform, memberEmail, memberPassword, 'Ida Holm');
  await addMembership(platform, userId, club, { role: 'member', areas: [] });
  await platform.db.query(
    `insert into members (community_id, user_id, first_name, last_name, email, street, house_number, postal_code, city)
     values ($1, $2, 'Ida', 'Holm', $3, 'Strandvejen', '12', '8000', 'Aarhus C')`,
    [club.id, userId, memberEmail],
  );
  const post = await platform.db.query<{ id: string }>(
    `insert into news_posts (community_id, title, content, status, published_at, visibility, allow_comments)
     values ($1, 'Standerhejsning 2027', $2::jsonb, 'published', now(), 'members', true) returning id::text`,
    [club.id, doc('Vi hejser standeren lørdag kl. 10. Alle er velkomne.')],
  );
  postId = post.rows[0]!.id;
  await platform.db.query(
    `insert into groups (community_id, title, visibility, price_ore, payment_frequency, mid_period_join)
     values ($1, 'Motionsroning', 'members', 45000, 'quarterly', 'pro_rata')`,
    [club.id],
  );
  await platform.db.query(
    `insert into groups (community_id, title, visibility, requires_approval) values ($1, 'Kaproning', 'members', true)`,
    [club.id],
  );
  await platform.db.query(
    `insert into kb_articles (community_id, slug, title, summary, body, status, visibility, published_at)
     values ($1, 'noegler', 'Nøgler til bådhuset', 'Sådan får du en nøgle', $2::jsonb, 'published', 'members', now())`,
    [club.id, doc('Nøgler udleveres af materielforvalteren.')],
  );
  const event = await platform.db.query<{ id: string }>(
    `insert into events (community_id, title, location, starts_at, ends_at, status, published_at, visibility)
     values ($1, 'Sommerfest på broen', 'Bådhuset', now() + interval '20 days', now() + interval '20 days 4 hours',
             'published', now(), 'members') returning id::text`,
    [club.id],
  );
  eventId = event.rows[0]!.id;
  await platform.db.query(
    `insert into tickets (community_id, event_id, name, price_ore, max_per_purchase, sort_order)
     values ($1, $2, 'Deltager', 0, 4, 1), ($1, $2, 'Med middag', 15000, 4, 2)`,
    [club.id, eventId],
  );
  const addOn = await platform.db.query<{ id: string }>(
    `insert into event_addons (community_id, event_id, name, min_per_person, max_per_person)
     values ($1, $2, 'Grillmad', 1, 1) returning id::text`,
    [club.id, eventId],
  );
  await platform.db.query(
    `insert into addon_options (community_id, addon_id, title, sort_order) values ($1, $2, 'Pølser', 1), ($1, $2, 'Vegetar', 2)`,
    [club.id, addOn.rows[0]!.id],
  );
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function memberPage(
  language: 'da' | 'en',
  to: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, { colorScheme, viewport: 'phone' });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, memberEmail, memberPassword, language, to);
  return { page, errors, close: () => context.close() };
}

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('the member app in Danish at phone size', () => {
  it('is reached from the admin app notice and shows home', async () => {
    const { page, errors, close } = await memberPage('da', '/da/roklub');
    const notice = page.getByTestId('app-download-notice');
    await notice.getByText('Hent den gratis Klubportalen-app').waitFor();
    await notice.getByRole('link', { name: 'Åbn Klubportalen-appen' }).click();
    await page.waitForURL((url) => url.pathname === '/da/m/roklub');
    await page.getByRole('heading', { level: 1, name: 'Hej Ida' }).waitFor();
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).waitFor();
    await page.getByText('Du skylder ikke noget lige nu.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Medlemsapp' }).last();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Hjem',
      'Nyheder',
      'Kalender',
      'Hold',
      'Mig',
    ]);
    // The guides have no room in the phone's bar: home links to them.
    await page.getByRole('link', { name: /^Vejledninger/ }).waitFor();
    expect(await page.getByTestId('admin-app-link').count()).toBe(0);
    expect(await fits(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('comments on a post, sees an administrator hide it and comments turned off, live', async () => {
    const { page, errors, close } = await memberPage('da', `/da/m/roklub/news/${postId}`);
    await page.getByRole('heading', { level: 1, name: 'Standerhejsning 2027' }).waitFor();
    await page.getByText('Ingen kommentarer endnu. Skriv den første.').waitFor();
    await page.getByTestId('connection-indicator').and(page.locator('[data-connected="true"]')).waitFor();
    await page.getByLabel('Din kommentar').fill('Jeg tager kage med!');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Din kommentar er sendt').first().waitFor();
    const comments = page.getByTestId('member-comments');
    await comments.getByText('Jeg tager kage med!').waitFor();
    await page.getByText('1 kommentar', { exact: true }).waitFor();
    expect(await page.getByLabel('Din kommentar').inputValue()).toBe('');

    // An administrator hides it: the realtime service sends members no change for a row they
    // may no longer see, so the member sees it gone at the next read (here a reload).
    await platform.db.query(`update news_comments set hidden_at = now() where post_id = $1`, [postId]);
    await page.reload();
    await page.getByText('Ingen kommentarer endnu. Skriv den første.').waitFor();
    await page.getByTestId('connection-indicator').and(page.locator('[data-connected="true"]')).waitFor();
    expect(await page.getByText('Jeg tager kage med!').count()).toBe(0);

    await platform.db.query(`update news_posts set allow_comments = false where id = $1`, [postId]);
    await page.getByTestId('comments-off').filter({ hasText: 'Der er lukket for kommentarer' }).waitFor();
    expect(await page.getByLabel('Din kommentar').count()).toBe(0);
    await platform.db.query(`update news_posts set allow_comments = true where id = $1`, [postId]);
    expect(errors).toEqual([]);
    await close();
  });

  it('joins an open team, asks to join one that needs approval, and leaves after a confirmation', async () => {
    const { page, errors, close } = await memberPage('da', '/da/m/roklub/groups');
    const open = page.getByRole('article', { name: 'Motionsroning' });
    await open.getByText('450,00 kr. pr. kvartal').waitFor();
    await open.getByText('den del af perioden, der er tilbage').waitFor();
    await open.getByRole('button', { name: 'Meld dig til' }).click();
    await page.getByText('Du er meldt til Motionsroning').first().waitFor();
    await open.getByText('Du er på holdet').waitFor();

    const approval = page.getByRole('article', { name: 'Kaproning' });
    await approval.getByText('Klubben godkender nye medlemmer').waitFor();
    await approval.getByRole('button', { name: 'Bed om at komme med' }).click();
    await page.getByText('Din anmodning om at komme på Kaproning er sendt').first().waitFor();
    await approval.getByText('Du har bedt om at komme med. Klubben beslutter.').waitFor();

    await open.getByRole('button', { name: 'Meld dig ud' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Meld dig ud af Motionsroning?' });
    await dialog.getByText('Et betalt kontingent bliver ikke automatisk betalt tilbage').waitFor();
    await screenshot(page, 'member-leave-da-light-phone');
    await dialog.getByRole('button', { name: 'Meld dig ud' }).click();
    await page.getByText('Du er meldt ud af Motionsroning').first().waitFor();
    await open.getByRole('button', { name: 'Meld dig til' }).waitFor();
    const rows = await platform.db.query<{ title: string; left: boolean }>(
      `select g.title, gm.left_at is not null as left from group_members gm join groups g on g.id = gm.group_id`,
    );
    expect(rows.rows).toEqual([{ title: 'Motionsroning', left: true }]);
    const requests = await platform.db.query<{ n: number }>(
      `select count(*)::int as n from group_join_requests where status = 'pending'`,
    );
    expect(requests.rows[0]!.n).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('takes a free ticket with its add-on, shows its signed QR code offline, and gives it back', async () => {
    const { page, errors, close } = await memberPage('da', '/da/m/roklub/events');
    await page.getByRole('heading', { level: 1, name: 'Kalender' }).waitFor();
    await page.getByText('Du har ingen billetter endnu.').waitFor();
    await page.getByRole('link', { name: /Sommerfest på broen/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Sommerfest på broen' }).waitFor();
    expect(await fits(page)).toBe(true);

    // The add-on asks for one per person: taking the ticket without it says so and sends nothing.
    await page.getByRole('button', { name: 'Tag billetter' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Tjek tilvalgene: hvert af dem siger, hvor mange du skal vælge pr. person.' })
      .waitFor();
    expect(
      (await platform.db.query('select 1 from ticket_purchases where event_id = $1', [eventId])).rowCount,
    ).toBe(0);

    // A priced ticket with no payment provider set up: the member is told, and the place is not kept.
    await page.getByRole('radio', { name: /Med middag/ }).check();
    await page.getByLabel('Pølser, antal').fill('1');
    await page.getByTestId('ticket-total').filter({ hasText: '150,00 kr.' }).waitFor();
    await page.getByRole('button', { name: 'MobilePay' }).click();
    await page
      .getByText('Klubben tager ikke imod betaling online endnu. Spørg klubben, hvordan du betaler.')
      .first()
      .waitFor();
    await expect
      .poll(
        async () =>
          (
            await platform.db.query(
              `select 1 from ticket_purchases where event_id = $1 and status = 'active'`,
              [eventId],
            )
          ).rowCount,
      )
      .toBe(0);

    // The free ticket with its add-on: confirmed at once, with a code that names the purchase.
    await page.getByRole('radio', { name: /Deltager/ }).check();
    await page.getByLabel('Antal billetter til Deltager').fill('2');
    await page.getByLabel('Pølser, antal').fill('2');
    await page.getByRole('button', { name: 'Tag billetter' }).click();
    await page.getByText('Dine billetter er klar. Du finder dem under Mine billetter.').first().waitFor();
    const card = page.locator('[data-ticket-id]');
    await card.getByText('2 billetter · Deltager').waitFor();
    await card.getByText('2 × Pølser').waitFor();
    const purchaseId = await card.getAttribute('data-ticket-id');
    await card.getByRole('button', { name: 'Vis ved indgangen' }).click();
    const code = await page
      .getByRole('dialog')
      .locator('img[data-ticket-code]')
      .getAttribute('data-ticket-code');
    expect(code).toMatch(/^KT1\.[0-9a-f]{32}\.[0-9a-f]{20}$/);
    const checked = await platform.db.query<{ id: string | null }>(
      'select app_private.ticket_from_code($1)::text as id',
      [code],
    );
    expect(checked.rows[0]!.id).toBe(purchaseId);
    await screenshot(page, 'member-ticket-code-da-light-phone');
    await page.keyboard.press('Escape');

    // Under the service worker the tickets and their codes are kept: offline, they still show.
    await page.goto(`${platform.url}/da/m/roklub/events`);
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    );
    await page.waitForFunction(async () => (await (await caches.open('app-code')).keys()).length > 5);
    await page.reload();
    await page.locator('[data-ticket-id]').getByText('2 billetter · Deltager').waitFor();
    // The worker's data copy holds the codes (Chromium under Playwright does not finish a
    // worker-served reload while emulating offline; see the offline test below).
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('member-data');
          const key = (await cache.keys()).find((r) => r.url.includes('/rest/v1/rpc/my_ticket_codes'));
          return key
            ? ((await (await cache.match(key))?.json()) as { code: string }[]).map((c) => c.code)
            : [];
        }),
      )
      .toEqual([code]);
    await page.context().setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    await page.locator('[data-ticket-id]').getByRole('button', { name: 'Vis ved indgangen' }).click();
    expect(
      await page.getByRole('dialog').locator('img[data-ticket-code]').getAttribute('data-ticket-code'),
    ).toBe(code);
    await page.keyboard.press('Escape');
    await page.context().setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });

    // Giving it back asks first and says what happens.
    await page.locator('[data-ticket-id]').getByRole('button', { name: 'Afbestil billet' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Din plads gives tilbage, så en anden kan tage den.').waitFor();
    await confirm.getByRole('button', { name: 'Afbestil billet' }).click();
    await page.getByText('Billetten er afbestilt.').first().waitFor();
    await page.getByText('Du har ingen billetter endnu.').waitFor();
    const state = await platform.db.query<{ status: string }>(
      'select status from ticket_purchases where id = $1',
      [purchaseId],
    );
    expect(state.rows[0]!.status).toBe('cancelled');
    expect(errors).toEqual([]);
    await close();
  });

  it('is installable, and a loaded page opens again offline and says so', async () => {
    const { page, close } = await memberPage('da', '/da/m/roklub/news');
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).waitFor();
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(`${platform.url}${manifestHref}`)).json()) as {
      start_url: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(manifest.start_url).toBe('/m');
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toContain('512x512');
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready).active?.state === 'activated',
    );
    // The first visit's code is kept once the worker is ready; reload once so the worker
    // controls the page and keeps this screen's reads too.
    await page.waitForFunction(async () => (await (await caches.open('app-code')).keys()).length > 5);
    await page.reload();
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The worker holds the frame for a reload without network (Chromium under Playwright does
    // not finish a worker-served navigation while emulating offline, so the reload itself is
    // not driven here): the precache has the page, the data copy has the screen's read.
    expect(
      await page.evaluate(async () => {
        const shell = await caches.match('/index.html', { ignoreSearch: true });
        const names = await caches.keys();
        return { shell: shell !== undefined, data: names.includes('member-data') };
      }),
    ).toEqual({ shell: true, data: true });
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).click();
    await page.getByRole('heading', { level: 1, name: 'Standerhejsning 2027' }).waitFor();
    await page.getByRole('link', { name: 'Alle nyheder' }).click();

    await page.context().setOffline(true);
    await page.getByTestId('offline-banner').filter({ hasText: 'Du er offline' }).waitFor();
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).click();
    await page.getByRole('heading', { level: 1, name: 'Standerhejsning 2027' }).waitFor();
    await page.getByText('Vi hejser standeren lørdag kl. 10.').waitFor();
    await screenshot(page, 'member-offline-da-light-phone');
    await page.context().setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await close();
  });

  it('takes screenshots of every member screen in both languages and colour modes', async () => {
    const screens: [string, string, Record<'da' | 'en', string>][] = [
      ['home', '', { da: 'Hej Ida', en: 'Hi Ida' }],
      ['news', '/news', { da: 'Nyheder', en: 'News' }],
      ['post', `/news/${postId}`, { da: 'Standerhejsning 2027', en: 'Standerhejsning 2027' }],
      ['events', '/events', { da: 'Kalender', en: 'Events' }],
      ['event', `/events/${eventId}`, { da: 'Sommerfest på broen', en: 'Sommerfest på broen' }],
      ['groups', '/groups', { da: 'Hold', en: 'Teams' }],
      ['articles', '/articles', { da: 'Vejledninger', en: 'Guides' }],
      ['article', '/articles/noegler', { da: 'Nøgler til bådhuset', en: 'Nøgler til bådhuset' }],
      ['me', '/me', { da: 'Mig', en: 'Me' }],
    ];
    for (const language of ['da', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, errors, close } = await memberPage(language, `/${language}/m/roklub`, mode);
        for (const [name, path, heading] of screens) {
          await page.goto(`${platform.url}/${language}/m/roklub${path}`);
          await page.getByRole('heading', { level: 1, name: heading[language] }).waitFor();
          await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
          expect(await fits(page)).toBe(true);
          await screenshot(page, `member-${name}-${language}-${mode}-phone`);
        }
        expect(errors).toEqual([]);
        await close();
      }
    }
    // The address on the me screen, as the register holds it.
    const { page, close } = await memberPage('da', '/da/m/roklub/me');
    await page.getByText('Strandvejen 12, 8000 Aarhus C').waitFor();
    await close();
  }, 300_000); // 36 screens: about a minute alone, longer on a busy machine.

  it('changes my address after a wrong postcode, opens an invoice with how to pay and its PDF, and downloads my data', async () => {
    const member = await platform.db.query<{ id: string }>(
      `select id from members where community_id = $1 and email = $2`,
      [club.id, memberEmail],
    );
    const memberId = member.rows[0]!.id;
    await platform.db.query(
      `insert into billing_settings (community_id, bank_reg_no, bank_account_no, mobilepay_number)
       values ($1, '1551', '0012345678', '12345')`,
      [club.id],
    );
    const account = await platform.db.query<{ id: string }>(
      `insert into billing_accounts (community_id, kind, name, email, member_id)
       values ($1, 'member', 'Ida Holm', $2, $3) returning id`,
      [club.id, memberEmail, memberId],
    );
    const invoice = await platform.db.query<{ id: string }>(
      `insert into invoices (community_id, account_id) values ($1, $2) returning id`,
      [club.id, account.rows[0]!.id],
    );
    await platform.db.query(
      `insert into invoice_lines (community_id, invoice_id, sort_order, description, quantity, unit_price_ore, vat_exempt, vat_rate_bp)
       values ($1, $2, 0, 'Kontingent 2027', 1, 120000, true, 0)`,
      [club.id, invoice.rows[0]!.id],
    );
    const issued = await platform.db.query<{ n: string }>(`select issue_invoice($1)::text as n`, [
      invoice.rows[0]!.id,
    ]);
    const number = issued.rows[0]!.n;

    const { page, errors, close } = await memberPage('da', '/da/m/roklub/me');
    const contact = page.getByRole('region', { name: 'Kontaktoplysninger' });
    await contact.getByText('Strandvejen 12, 8000 Aarhus C').waitFor();
    await contact.getByRole('button', { name: 'Ret' }).click();
    const form = page.getByRole('form', { name: 'Ret mine kontaktoplysninger' });
    await form.getByLabel('Vej').fill('Havnegade');
    await form.getByLabel('Nr.').fill('3');
    await form.getByLabel('Postnummer').fill('9999');
    await form.getByRole('button', { name: 'Gem' }).click();
    await form.getByText('Det er ikke et dansk postnummer. Tjek de fire cifre.').first().waitFor();
    expect((await platform.db.query(`select street from members where id = $1`, [memberId])).rows[0]).toEqual(
      { street: 'Strandvejen' },
    );
    await form.getByLabel('Postnummer').fill('5000');
    await expect.poll(() => form.getByTestId('my-postcode-city').textContent()).toBe('Odense C');
    await form.getByLabel('Telefon').fill('20 30 40 50');
    await form.getByRole('button', { name: 'Gem' }).click();
    await page.getByText('Dine kontaktoplysninger er gemt').first().waitFor();
    await contact.getByText('Havnegade 3, 5000 Odense C').waitFor();
    expect(
      (
        await platform.db.query(
          `select street, house_number, postal_code, city, phone from members where id = $1`,
          [memberId],
        )
      ).rows[0],
    ).toEqual({
      street: 'Havnegade',
      house_number: '3',
      postal_code: '5000',
      city: 'Odense C',
      phone: '+4520304050',
    });
    // Stored in international form, written as a Dane writes it.
    await contact.getByText('20 30 40 50', { exact: true }).waitFor();
    expect(await contact.getByText('+4520304050').count()).toBe(0);
    expect(await fits(page)).toBe(true);

    // The invoice: its amounts, the club's bank account and MobilePay with the reference, and the PDF.
    await page.getByRole('button', { name: new RegExp(`Faktura ${number}`) }).click();
    const dialog = page.getByRole('dialog', { name: `Faktura ${number}` });
    await dialog.getByText('Kontingent 2027').waitFor();
    const ways = await dialog.getByTestId('invoice-payment-ways').innerText();
    expect(ways).toContain('Reg.nr. 1551, konto 0012345678');
    expect(ways).toContain('12345');
    expect(ways).toContain(`Faktura ${number}`);
    await screenshot(page, 'member-invoice-da-light-phone');
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Hent PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`faktura-${number}.pdf`);
    const pdfBytes = fs.readFileSync((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.keyboard.press('Escape');

    // My data: the club's export of me, as a file, noted in my history.
    const [data] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Hent mine data' }).click(),
    ]);
    expect(data.suggestedFilename()).toBe('mine-data.json');
    const exported = JSON.parse(fs.readFileSync((await data.path())!, 'utf8')) as {
      member: { id: string; street: string };
      invoices: unknown[];
    };
    expect(exported.member).toMatchObject({ id: memberId, street: 'Havnegade' });
    expect(exported.invoices).toHaveLength(1);
    expect(
      (
        await platform.db.query(`select 1 from member_history where member_id = $1 and action = 'exported'`, [
          memberId,
        ])
      ).rows,
    ).toHaveLength(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('lets an administrator reach the admin app from the member app, on a desktop too', async () => {
    const context = await newContext(browser, { viewport: 'desktop' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'da', '/da/m/roklub');
    await page.getByRole('heading', { level: 1, name: 'Hjem' }).waitFor();
    // The group administrator reads every team's members, yet home lists only their own places.
    await page.getByText('Du er ikke på et hold endnu.').waitFor();
    await screenshot(page, 'member-home-da-light-desktop');
    await page.getByRole('link', { name: 'Åbn administrationen' }).click();
    await page.waitForURL((url) => url.pathname === '/da/roklub');
    expect(errors).toEqual([]);
    await context.close();
  });
});
