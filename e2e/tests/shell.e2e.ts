// The shell's rough edges in Chromium: a malformed or missing id shows the 404 view at once
// without retrying the request; an unknown language prefix leads to the English page; every
// page names itself in the tab; a user without admin access can sign out from the notice and
// from the profile, which says whether two-step sign-in is on.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform } from '../support/e2e-platform';
import { createAdmin, password, signIn } from './events-fixtures';

let platform: TestPlatform;
let browser: Browser;
const adminEmail = 'bo@kajakklubben.dk';
const memberEmail = 'mia@kajakklubben.dk';
const community = { slug: 'kajak', name: 'Kajakklubben Øst' };

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  await createAdmin(platform, adminEmail, community, ['event']);
  const member = await createUser(platform, memberEmail, 'medlem-kode-2027', 'Mia Holm');
  await addMembership(platform, member, community, { role: 'member', areas: [] });
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** Counts the data requests for events a page makes. */
function countEventReads(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/events') count += 1;
  });
  return () => count;
}

describe('shell', () => {
  it('shows the 404 view at once for a malformed id and after one request for a missing one', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, adminEmail, password, 'en', '/en/kajak/events');
    await page.waitForFunction(() => document.title === 'Events · Kajakklubben Øst');
    const reads = countEventReads(page);

    const started = Date.now();
    await page.goto(`${platform.url}/en/kajak/events/not-a-uuid`);
    await page.getByTestId('error-status').filter({ hasText: '404' }).waitFor();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await page.getByTestId('error-message').textContent()).toBe(
      'Page not found: /en/kajak/events/not-a-uuid',
    );
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.locator('#main').count()).toBe(1);
    await page.getByRole('navigation').first().waitFor();
    expect(reads()).toBe(0);

    await page.goto(`${platform.url}/en/kajak/events/0b5e8a52-4c1e-4a53-9f0e-2f6a3c1d9e77/edit`);
    await page.getByTestId('error-status').filter({ hasText: '404' }).waitFor();
    // A retried read would hold the page on skeletons until the last try failed; the view is
    // there after the first one.
    expect(reads()).toBe(1);
    expect(await page.title()).toBe('404 · Something went wrong');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads an unknown language prefix to the English page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    for (const prefix of ['de', 'xx']) {
      await page.goto(`${platform.url}/${prefix}/login`);
      await page.waitForURL((url) => url.pathname === '/en/login');
      await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    }
    expect(await page.title()).toMatch(/^Sign in · /);
    await context.close();
  });

  it('lets a member without admin access sign out from the notice, and from the profile', async () => {
    const context = await newContext(browser, { viewport: 'phone', colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await signIn(page, platform, memberEmail, 'medlem-kode-2027', 'da', '/da/kajak');
    const notice = page.getByTestId('app-download-notice');
    await notice.waitFor();
    await screenshot(page, 'no-access-notice-da-dark-phone');
    await notice.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL((url) => url.pathname === '/da/login');
    expect((await context.cookies()).filter((c) => c.name.startsWith('sb-'))).toEqual([]);

    await signIn(page, platform, memberEmail, 'medlem-kode-2027', 'da', '/da/profile');
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    await page.getByTestId('mfa-status').filter({ hasText: 'Totrinsbekræftelse: slået fra' }).waitFor();
    expect(await page.title()).toMatch(/^Profil · /);
    await screenshot(page, 'profile-da-dark-phone');
    await page.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL((url) => url.pathname === '/da/login');
    expect((await context.cookies()).filter((c) => c.name.startsWith('sb-'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
