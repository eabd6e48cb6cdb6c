// The sign-in journey in Chromium against the built app and a fresh server.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { mailLink, waitForMail } from '../support/dev-inbox';
import { addMembership, createUser, startE2ePlatform, userIdByEmail } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signIn(page: Page, email: string, password: string, language: 'en' | 'da' = 'en') {
  await page.getByLabel(language === 'da' ? 'E-mail' : 'Email').fill(email);
  await page.getByLabel(language === 'da' ? 'Adgangskode' : 'Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: language === 'da' ? 'Log ind' : 'Sign in', exact: true }).click();
}

describe('sign-in journey', () => {
  it('signs up, confirms by e-mail, and lands signed in on the community overview', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${platform.url}/en/register`);
    await page.getByLabel('Full name').fill('Mette Holm');
    await page.getByLabel('Email').fill('mette@example.dk');
    await page.getByLabel('Password', { exact: true }).fill('kajak-sommer-2026');
    await page.getByLabel('Repeat password').fill('kajak-sommer-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // The club made her a board member while the confirmation mail was on its way.
    const userId = await userIdByEmail(platform, 'mette@example.dk');
    await addMembership(
      platform,
      userId,
      { slug: 'roklub', name: 'Roklubben Bølgen' },
      { role: 'owner', areas: ['event', 'news'] },
    );

    const mail = await waitForMail(platform, 'mette@example.dk');
    await page.goto(mailLink(mail));
    await page.waitForURL(`${platform.url}/en/roklub`);
    await page.getByRole('heading', { level: 1, name: 'Roklubben Bølgen' }).waitFor();
    expect(page.url()).not.toContain('code=');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Overview',
      'Events',
      'News',
      'Tags',
      'Settings',
    ]);
    const cookies = await context.cookies();
    const session = cookies.filter(
      (c) => c.name.startsWith('sb-') && c.name.includes('auth-token') && !c.name.includes('code-verifier'),
    );
    expect(session.length).toBeGreaterThan(0);
    for (const cookie of session) {
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
      expect(cookie.value.startsWith('base64-') || /\.\d+$/.test(cookie.name)).toBe(true);
      expect(cookie.expires - Date.now() / 1000).toBeGreaterThan(399 * 24 * 3600);
    }
    await screenshot(page, 'overview-en-light-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a Danish user the e-mail or password is wrong', async () => {
    await createUser(platform, 'jens@example.dk', 'rigtig-kode-123');
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/da/login`);
    await signIn(page, 'jens@example.dk', 'forkert-kode-123', 'da');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Forkert e-mail eller adgangskode');
    expect(page.url()).toBe(`${platform.url}/da/login`);
    await screenshot(page, 'login-wrong-password-da-light-desktop');
    await context.close();
  });

  it('resets a forgotten password through the e-mail link', async () => {
    await createUser(platform, 'birgit@example.dk', 'gammel-kode-123');
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/en/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${platform.url}/en/reset`);
    await page.getByLabel('Email').fill('birgit@example.dk');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If birgit@example.dk has an account, a reset link is on its way.').waitFor();
    const mail = await waitForMail(platform, 'birgit@example.dk');
    await page.goto(mailLink(mail));
    await page.waitForURL((url) => url.pathname === '/en/new-password');
    await page.getByLabel('New password').fill('ny-kode-2026!');
    await page.getByLabel('Repeat password').fill('ny-kode-2026!');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.locator('.toast', { hasText: 'Your password has been changed' }).waitFor();
    await page.waitForURL(`${platform.url}/en`);

    const fresh = await newContext(browser);
    const again = await fresh.newPage();
    await again.goto(`${platform.url}/en/login`);
    await signIn(again, 'birgit@example.dk', 'ny-kode-2026!');
    await again.waitForURL(`${platform.url}/en`);
    await again.getByRole('heading', { name: 'Choose a community' }).waitFor();
    await fresh.close();
    await context.close();
  });

  it('sends a signed-out visitor to the localized login and back to the page after sign-in', async () => {
    const userId = await createUser(platform, 'karen@example.dk', 'karens-kode-123');
    await addMembership(
      platform,
      userId,
      { slug: 'skakklub', name: 'Skakklubben Springer' },
      { areas: ['news'] },
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/da/SkakKlub/news`);
    await page.waitForURL((url) => url.pathname === '/da/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/da/SkakKlub/news');
    await signIn(page, 'karen@example.dk', 'karens-kode-123', 'da');
    await page.waitForURL(`${platform.url}/da/SkakKlub/news`);
    await page.getByRole('heading', { level: 1, name: 'Nyheder' }).waitFor();

    // Switching language keeps the page.
    await page.getByRole('button', { name: 'Sprog: Dansk' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.waitForURL(`${platform.url}/en/SkakKlub/news`);
    await page.getByRole('heading', { level: 1, name: 'News' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

    // An unknown path shows the 404 view.
    await page.goto(`${platform.url}/en/skakklub/no-such-page`);
    expect(await page.getByTestId('error-status').textContent()).toBe('404');
    expect(await page.getByTestId('error-message').textContent()).toBe(
      'Page not found: /en/skakklub/no-such-page',
    );
    await screenshot(page, 'not-found-en-light-desktop');

    // A community she is not a member of sends her to the root.
    await page.goto(`${platform.url}/en/roklub`);
    await page.waitForURL((url) => url.pathname === '/en/skakklub');
    await context.close();
  });

  it('keeps the chosen colour mode across reloads', async () => {
    const context = await newContext(browser, { colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(`${platform.url}/en/login`);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    await page.getByRole('button', { name: 'Colour mode: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.getByRole('button', { name: 'Colour mode: Dark' }).waitFor();
    await context.close();
  });

  it('follows a redirect the database holds for a path', async () => {
    await platform.db.query(
      `insert into public.redirects (from_path, to_url, active) values ('/en/old-page', '/en/login', true)`,
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/en/old-page`);
    await page.waitForURL((url) => url.pathname === '/en/login');
    await context.close();
  });
});
