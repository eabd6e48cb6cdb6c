// Two-step verification: enrol an authenticator app on the profile, sign out, and sign in again
// with the code it shows; and a password reset for such an account, which asks for the code.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { mailLink, waitForMail } from '../support/dev-inbox';
import { addMembership, createUser, startE2ePlatform } from '../support/e2e-platform';
import { totpCode } from '../support/totp';

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

/**
 * A code from a later 30-second window than `usedAt`, so the sign-in never repeats the code
 * that activated the app. While still in the same window it is the next window's code, which
 * the server takes as it takes a phone whose clock runs up to 30 s ahead; the test need not sit
 * out the rest of the window.
 */
function laterTotpCode(secret: string, usedAt: number): string {
  const nextWindow = (Math.floor(usedAt / 30_000) + 1) * 30_000;
  return totpCode(secret, Math.max(Date.now(), nextWindow));
}

describe('two-step verification', () => {
  it('enrols an authenticator app and asks for its code at the next sign-in', async () => {
    const userId = await createUser(platform, 'lars@example.dk', 'lars-kode-2026', 'Lars Nielsen');
    await addMembership(
      platform,
      userId,
      { slug: 'tennis', name: 'Tennisklubben Ace' },
      { areas: ['booking'] },
    );

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/en/login?redirect=%2Fen%2Fprofile`);
    await page.getByLabel('Email').fill('lars@example.dk');
    await page.getByLabel('Password', { exact: true }).fill('lars-kode-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${platform.url}/en/profile`);
    await page.getByText('No authenticator app added yet.').waitFor();
    await page.getByRole('button', { name: 'Add authenticator app' }).click();
    const qr = page.getByRole('img', { name: 'QR code for setting up the authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await screenshot(page, 'profile-mfa-enrol-en-light-desktop');

    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Activate' }).click();
    expect(await page.getByRole('alert').textContent()).toBe('The code is wrong or has expired.');

    const activatedAt = Date.now();
    await page.getByLabel('Code').fill(totpCode(secret, activatedAt));
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.locator('.toast', { hasText: 'Two-step verification is on' }).waitFor();
    await page.getByText('Two-step sign-in: on').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Active' }).count()).toBe(1);

    // Sign out from the community's user menu: the session cookies go.
    await page.goto(`${platform.url}/en/tennis`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${platform.url}/en/login`);
    const left = (await context.cookies()).filter((c) => c.name.startsWith('sb-'));
    expect(left).toEqual([]);

    // The notification: F8 moves focus into its area, a swipe right past 50 px dismisses it.
    const notice = page.locator('.toast', { hasText: 'You have signed out' });
    await notice.waitFor();
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="region"]'))).toBe(true);
    const box = (await notice.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 50, box.y + box.height / 2, { steps: 5 });
    await page.mouse.move(box.x + 110, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await notice.waitFor({ state: 'detached' });

    await page.goto(`${platform.url}/en/tennis`);
    await page.waitForURL((url) => url.pathname === '/en/login');
    await page.getByLabel('Email').fill('lars@example.dk');
    await page.getByLabel('Password', { exact: true }).fill('lars-kode-2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    await screenshot(page, 'login-mfa-en-light-desktop');
    // Not in yet: the community still sends the aal1 session back to the code step.
    await page.goto(`${platform.url}/en/tennis`);
    await page.waitForURL((url) => url.pathname === '/en/login' && url.searchParams.get('step') === 'mfa');
    await page.getByLabel('Code').fill(laterTotpCode(secret, activatedAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${platform.url}/en/tennis`);
    await page.getByRole('heading', { level: 1, name: 'Tennisklubben Ace' }).waitFor();
    await context.close();
  });

  it('asks for the authenticator code before a reset password is saved, in Danish', async () => {
    const email = 'birthe@example.dk';
    await createUser(platform, email, 'birthe-gammel-2026', 'Birthe Holm');
    // Her authenticator app, added through the API as the profile page does.
    const api = platform.client();
    const signedIn = await api.auth.signInWithPassword({ email, password: 'birthe-gammel-2026' });
    await api.auth.setSession(signedIn.data.session!);
    const enrolled = await api.auth.mfa.enroll({ factorType: 'totp' });
    const secret = enrolled.data!.totp.secret;
    const activated = await api.auth.mfa.challengeAndVerify({
      factorId: enrolled.data!.id,
      code: totpCode(secret),
    });
    expect(activated.error).toBeNull();

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/da/reset`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByText(`Hvis ${email} har en konto`).waitFor();
    const mail = await waitForMail(platform, email, (m) => m.meta.type === 'recovery');
    expect(mail.subject).toBe('Nulstil din adgangskode');
    await page.goto(mailLink(mail));
    await page.waitForURL((url) => url.pathname === '/da/new-password');
    // The link's session is one factor only: the code comes first, not a failed save.
    await page.getByText('Din konto bruger totrinsbekræftelse.', { exact: false }).waitFor();
    expect(await page.getByLabel('Ny adgangskode').count()).toBe(0);
    await screenshot(page, 'new-password-mfa-da-light-desktop');
    await page.getByLabel('Kode').fill('000000');
    await page.getByRole('button', { name: 'Bekræft' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Kode').fill(totpCode(secret));
    await page.getByRole('button', { name: 'Bekræft' }).click();
    await page.getByLabel('Ny adgangskode').fill('birthe-ny-kode-2026');
    await page.getByLabel('Gentag adgangskode').fill('birthe-ny-kode-2026');
    await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
    await page.locator('.toast', { hasText: 'Din adgangskode er ændret' }).waitFor();
    await context.close();

    const old = await platform.client().auth.signInWithPassword({ email, password: 'birthe-gammel-2026' });
    expect(old.error?.code).toBe('invalid_credentials');
    const renewed = await platform
      .client()
      .auth.signInWithPassword({ email, password: 'birthe-ny-kode-2026' });
    expect(renewed.error).toBeNull();
  });
});
