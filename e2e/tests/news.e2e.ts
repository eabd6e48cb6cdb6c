// The news area in Chromium, in Danish: a post whose link is checked on the server (a local
// HTTP server that answers is saved, a closed port is refused with the message), scheduled
// ahead and flipping to published live, a member's comment arriving without a reload, comments
// turned off refusing the member's next one, a comment hidden after a confirmation, and the
// post sent by e-mail to a real SMTP listener, the author picked among the community's people,
// comments paged beyond 200, one deleted after a confirmation, another community's post not
// found, and the phone layout. Then screenshots of list, post and editor in both languages and
// colour modes.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpListener, type SmtpListener } from '../../apps/server/tests/support/smtp-listener';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform, type Community } from '../support/e2e-platform';
import { createAdmin, password, signedInMember, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
let smtp: SmtpListener;
let site: http.Server;
let sitePort: number;
let closedPort: number;
let club: Community;
let member: SupabaseClient;
let envDir: string;
let postId: string;
const adminEmail = 'redaktion@roklubben.dk';

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** "24.12.2026" and "18.30" in Copenhagen, `minutes` from now. */
function copenhagenInput(minutes: number): { date: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Copenhagen',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.day}.${parts.month}.${parts.year}`, time: `${parts.hour}.${parts.minute}` };
}

beforeAll(async () => {
  site = http.createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('Sæsonprogram'),
  );
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  sitePort = (site.address() as AddressInfo).port;
  closedPort = await freePort();
  smtp = await startSmtpListener();
  // check-url refuses internal addresses; this test's "internet" is a local server by name.
  envDir = fs.mkdtempSync(path.join(os.tmpdir(), 'news-e2e-'));
  fs.writeFileSync(
    path.join(envDir, 'functions.env'),
    'CHECK_URL_ALLOW_HOSTS=localhost\nCHECK_URL_TIMEOUT_MS=2000\n',
  );
  platform = await startE2ePlatform({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Roklubben <klub@example.dk>',
    RELEASE_CHECK_SECONDS: '1',
    NEWS_MAIL_CHECK_SECONDS: '1',
    FUNCTIONS_ENV_FILE: path.join(envDir, 'functions.env'),
  });
  browser = await launchBrowser();
  club = await createAdmin(platform, adminEmail, { slug: 'roklub', name: 'Roklubben Bølgen' }, ['news']);
  member = await signedInMember(platform, club, 'ida@example.dk', 'Ida', 'Holm');
}, 300_000);

afterAll(async () => {
  await member?.removeAllChannels();
  await browser?.close();
  await platform?.stop();
  await smtp?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
  if (envDir) fs.rmSync(envDir, { recursive: true, force: true });
});

async function adminPage(
  language: 'en' | 'da',
  to: string,
  colorScheme: 'light' | 'dark' = 'light',
  viewport: 'desktop' | 'phone' = 'desktop',
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await newContext(browser, { colorScheme, viewport });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, platform, adminEmail, password, language, `/${language}/roklub/${to}`);
  return { page, errors, close: () => context.close() };
}

describe('news in Danish', () => {
  it('checks the link on entry, schedules the post and sees it released live', async () => {
    const { page, errors, close } = await adminPage('da', 'news/new');
    await page.getByRole('heading', { level: 1, name: 'Nyt opslag' }).waitFor();
    await page.getByLabel('Titel').fill('Standerhejsning 2027');
    await page.getByRole('textbox', { name: 'Indhold' }).fill('Vi hejser standeren lørdag kl. 10.');
    // The author is picked among the community's people: searched, then chosen by keyboard.
    const author = page.getByRole('combobox', { name: 'Forfatter' });
    expect(await author.inputValue()).toBe('Ane Jensen');
    await author.fill('hol');
    await page.getByRole('option', { name: /Ida Holm/ }).waitFor();
    await author.press('ArrowDown');
    await author.press('ArrowUp');
    await author.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    expect(await author.inputValue()).toBe('Ida Holm');

    const link = page.getByRole('textbox', { name: /^Link/ });
    await link.fill(`http://localhost:${closedPort}/program`);
    await link.blur();
    await page.getByText('Ugyldig adresse, eller siden kan ikke nås').waitFor();
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page
      .getByText(/Nogle felter skal rettes|Link/)
      .first()
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/da/roklub/news/new');
    const none = await platform.db.query('select 1 from news_posts where community_id = $1', [club.id]);
    expect(none.rows).toEqual([]);

    await link.fill(`http://localhost:${sitePort}/program`);
    await link.blur();
    await page.getByText('Linket virker.').waitFor();
    await page.getByLabel('Udgiv senere').check();
    const at = copenhagenInput(2);
    await page.getByLabel('Udgivelsestidspunkt').fill(at.date);
    await page.getByLabel('Udgivelsestidspunkt').blur();
    const time = page.getByRole('textbox', { name: 'Tidspunkt', exact: true });
    await time.fill(at.time);
    await time.blur();
    expect(await time.inputValue()).toBe(at.time);
    await page.getByRole('button', { name: 'Gem', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Standerhejsning 2027' }).waitFor();
    postId = new URL(page.url()).pathname.split('/').pop()!;
    const saved = await platform.db.query<{ status: string; link_url: string; author_name: string }>(
      'select status::text, link_url, author_name from news_posts where id = $1',
      [postId],
    );
    expect(saved.rows).toEqual([
      { status: 'scheduled', link_url: `http://localhost:${sitePort}/program`, author_name: 'Ida Holm' },
    ]);
    await page.getByText('Planlagt', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Liveopdateringer: forbundet' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));

    // Time passes: the release is moved to two seconds from now (a trusted write, as if two
    // minutes had gone by); the release job, not anyone on the page, publishes it.
    await platform.db.query(`update news_posts set release_at = now() + interval '2 seconds' where id = $1`, [
      postId,
    ]);
    await page.getByText('Udgivet', { exact: true }).first().waitFor({ timeout: 15_000 });
    const released = await platform.db.query<{ status: string }>(
      'select status::text from news_posts where id = $1',
      [postId],
    );
    expect(released.rows[0]!.status).toBe('published');
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a member comment live, hides one with confirmation and turns comments off', async () => {
    const { page, errors, close } = await adminPage('da', `news/${postId}`);
    await page.getByText('Ingen kommentarer endnu.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Liveopdateringer: forbundet' }).waitFor();
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    const first = await member.rpc('comment_on_post', { p_post_id: postId, p_body: 'Vi kommer med kage!' });
    expect(first.error).toBeNull();
    await page.getByText('Vi kommer med kage!').waitFor();
    const comment = page.locator('li', { hasText: 'Vi kommer med kage!' });
    await comment.getByText('Ida Holm').waitFor();
    await comment.getByText(/^(nu|for \d+ sekund(er)? siden)$/).waitFor();

    await comment.getByRole('button', { name: 'Skjul' }).click();
    const hide = page.getByRole('alertdialog', { name: 'Skjul kommentaren fra Ida Holm?' });
    await hide.getByRole('button', { name: 'Skjul' }).click();
    await comment.getByText('Skjult for medlemmer').waitFor();
    const seen = await member.from('news_comments').select('id').eq('post_id', postId);
    expect(seen.data).toEqual([]);

    await page.getByRole('button', { name: 'Slå kommentarer fra' }).click();
    const off = page.getByRole('alertdialog', { name: 'Slå kommentarer fra for "Standerhejsning 2027"?' });
    await off.getByRole('button', { name: 'Slå kommentarer fra' }).click();
    await page
      .getByText('Kommentarer er slået fra: medlemmerne kan ikke skrive nye kommentarer', { exact: false })
      .waitFor();
    const refused = await member.rpc('comment_on_post', { p_post_id: postId, p_body: 'En mere' });
    expect(refused.error).toMatchObject({ message: 'comments_closed' });
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same page');
    expect(errors).toEqual([]);
    await close();
  });

  it('sends the post by e-mail to its audience and shows the counts', async () => {
    const { page, errors, close } = await adminPage('da', `news/${postId}`);
    await page.getByRole('button', { name: 'Send som e-mail' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Send "Standerhejsning 2027" som e-mail?' });
    await ask.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('Sendt til 1 af 1 medlemmer, 0 mislykkedes').waitFor({ timeout: 15_000 });
    const mail = await smtp.waitFor('ida@example.dk', (m) => m.raw.includes('Standerhejsning 2027'));
    expect(mail.raw).toContain('Vi hejser standeren lørdag kl. 10.');
    expect(mail.raw).toContain(`http://localhost:${sitePort}/program`);
    expect(errors).toEqual([]);
    await close();
  });

  it("shows older comments beyond 200, deletes one after confirmation, and 404s another community's post", async () => {
    // 205 older comments than the live one, written as if over the last days.
    await platform.db.query(
      `insert into news_comments (community_id, post_id, author_name, body, created_at)
       select $1, $2, 'Ida Holm', 'Tidligere kommentar ' || g, now() - make_interval(mins => g)
       from generate_series(1, 205) g`,
      [club.id, postId],
    );
    const { page, errors, close } = await adminPage('da', `news/${postId}`);
    await page.getByText('200 af 206 vist').waitFor();
    expect(await page.locator('li[data-comment-id]').count()).toBe(200);
    await page.getByRole('button', { name: 'Vis ældre kommentarer' }).click();
    await page.getByText('Tidligere kommentar 205', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Vis ældre kommentarer' }).waitFor({ state: 'detached' });
    expect(await page.locator('li[data-comment-id]').count()).toBe(206);

    const comment = page.locator('li', { hasText: 'Vi kommer med kage!' });
    await comment.getByRole('button', { name: 'Slet' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Slet kommentaren fra Ida Holm?' });
    await ask.getByText('Kommentaren slettes for altid og kan ikke gendannes.').waitFor();
    await ask.getByRole('button', { name: 'Slet' }).click();
    await page.getByText('Kommentaren fra Ida Holm er slettet').first().waitFor();
    await comment.waitFor({ state: 'detached' });
    const left = await platform.db.query<{ n: number }>(
      "select count(*)::int as n from news_comments where post_id = $1 and body = 'Vi kommer med kage!'",
      [postId],
    );
    expect(left.rows[0]!.n).toBe(0);

    // A public post of another community: members everywhere may read it, yet under this
    // community's address it is not found.
    const other = await platform.db.query<{ id: string }>(
      `with c as (insert into communities (slug, name) values ('kajak', 'Kajakklubben') returning id)
       insert into news_posts (community_id, title, status, visibility)
       select id, 'Kajakklubbens nyhed', 'published', 'public' from c returning id::text`,
    );
    await page.goto(`${platform.url}/da/roklub/news/${other.rows[0]!.id}`);
    await page.getByText(`Siden blev ikke fundet: /da/roklub/news/${other.rows[0]!.id}`).waitFor();
    expect(await page.getByText('Kajakklubbens nyhed').count()).toBe(0);
    await page.goto(`${platform.url}/da/roklub/news/${other.rows[0]!.id}/edit`);
    await page.getByText(`Siden blev ikke fundet: /da/roklub/news/${other.rows[0]!.id}/edit`).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone in Danish and dark mode: list, post and editor', async () => {
    const { page, errors, close } = await adminPage('da', 'news', 'dark', 'phone');
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).first().waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'news-list-da-dark-phone');
    await page.getByRole('link', { name: 'Standerhejsning 2027' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Standerhejsning 2027' }).waitFor();
    await page.getByText('Tidligere kommentar 1', { exact: true }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'news-post-da-dark-phone');
    await page.getByRole('link', { name: 'Rediger' }).click();
    await page.getByRole('heading', { level: 1, name: 'Rediger opslag' }).waitFor();
    const author = page.getByRole('combobox', { name: 'Forfatter' });
    await author.fill('ane');
    await page.getByRole('option', { name: /Ane Jensen/ }).waitFor();
    expect(await fits()).toBe(true);
    await screenshot(page, 'news-editor-da-dark-phone');
    expect(errors).toEqual([]);
    await close();
  });

  it('takes screenshots of list, post and editor in both languages and colour modes', async () => {
    for (const language of ['da', 'en'] as const) {
      for (const mode of ['light', 'dark'] as const) {
        const { page, errors, close } = await adminPage(language, 'news', mode);
        await page.getByRole('row', { name: /Standerhejsning 2027/ }).waitFor();
        await screenshot(page, `news-list-${language}-${mode}-desktop`);
        await page.getByRole('link', { name: 'Standerhejsning 2027' }).click();
        await page.getByRole('heading', { level: 1, name: 'Standerhejsning 2027' }).waitFor();
        await page.getByText('Tidligere kommentar 1', { exact: true }).waitFor();
        await screenshot(page, `news-post-${language}-${mode}-desktop`);
        await page.getByRole('link', { name: language === 'da' ? 'Rediger' : 'Edit' }).click();
        await page
          .getByRole('heading', { level: 1, name: language === 'da' ? 'Rediger opslag' : 'Edit post' })
          .waitFor();
        expect(await page.getByLabel(language === 'da' ? 'Titel' : 'Title').inputValue()).toBe(
          'Standerhejsning 2027',
        );
        await screenshot(page, `news-editor-${language}-${mode}-desktop`);
        expect(errors).toEqual([]);
        await close();
      }
    }
  });
});
