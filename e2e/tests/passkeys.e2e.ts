// Passkeys in real Chromium with the DevTools virtual authenticator
// (WebAuthn.addVirtualAuthenticator). As the second factor: add one on the profile, sign out,
// sign in with the password and then the passkey; in English and in Danish (phone width, dark
// mode), where the passkey is also removed again. As the first factor (signInWithPasskey):
// create one on the profile, sign in with it and no password in English and in Danish, remove
// it, and see the sign-in refused with advice. The server runs on "localhost" because an IP
// address cannot be a WebAuthn relying party ID.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, freePort, startE2ePlatform } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  platform = await startE2ePlatform({ PORT: String(port), PUBLIC_URL: origin, SITE_URL: origin });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/**
 * A USB security key that holds resident keys and says yes without a prompt. supabase-js asks
 * for a cross-platform authenticator by default (mfa.webauthn's DEFAULT_CREATION_OPTIONS), so a
 * platform ("internal") one would never be offered.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'usb',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}

async function signIn(page: Page, path: string, email: string, password: string, language: 'en' | 'da') {
  await page.goto(`${origin}/${language}/login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel(language === 'en' ? 'Email' : 'E-mail').fill(email);
  await page.getByLabel(language === 'en' ? 'Password' : 'Adgangskode', { exact: true }).fill(password);
  await page.getByRole('button', { name: language === 'en' ? 'Sign in' : 'Log ind', exact: true }).click();
}

/** The signature counter the server holds for the user's passkey. */
async function storedCounter(email: string): Promise<number> {
  const { rows } = await platform.db.query<{ n: number }>(
    `select (f.web_authn_credential->>'sign_count')::int as n from auth.mfa_factors f
       join auth.users u on u.id = f.user_id
      where f.factor_type = 'webauthn' and f.status = 'verified' and u.email = $1`,
    [email],
  );
  return rows[0]?.n ?? -1;
}

/** The signature counter and use of the user's sign-in passkey, as the server holds them. */
async function signInPasskeyState(email: string): Promise<{ count: number; used: boolean }> {
  const { rows } = await platform.db.query<{ n: number; used: boolean }>(
    `select c.sign_count::int as n, c.last_used_at is not null as used
       from auth.webauthn_credentials c join auth.users u on u.id = c.user_id where u.email = $1`,
    [email],
  );
  return { count: rows[0]?.n ?? -1, used: rows[0]?.used ?? false };
}

describe('passkeys', () => {
  it('adds a passkey on the profile and signs in with it as the second step', async () => {
    const userId = await createUser(platform, 'mette@example.dk', 'mette-kode-2026', 'Mette Lund');
    await addMembership(
      platform,
      userId,
      { slug: 'roklub', name: 'Roklubben Bølgen' },
      { areas: ['booking'] },
    );
    const context = await newContext(browser);
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(context, page);

    await signIn(page, '/en/profile', 'mette@example.dk', 'mette-kode-2026', 'en');
    await page.waitForURL(`${origin}/en/profile`);
    await page.getByRole('button', { name: 'Add passkey' }).click();
    await page.locator('.toast', { hasText: 'The passkey has been added' }).waitFor();
    const item = page.getByRole('listitem').filter({ hasText: 'Passkey' });
    await item.getByText('Active').waitFor();
    await page.getByText('Two-step sign-in: on').waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);
    await screenshot(page, 'profile-passkey-en-light-desktop');

    await page.goto(`${origin}/en/roklub`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/en/login`);

    await signIn(page, '/en/roklub', 'mette@example.dk', 'mette-kode-2026', 'en');
    await page.getByRole('heading', { name: 'Two-step verification' }).waitFor();
    const usePasskey = page.getByRole('button', { name: 'Use your passkey' });
    await usePasskey.waitFor();
    // A passkey-only account is not asked for a code.
    expect(await page.getByLabel('Code').count()).toBe(0);
    await screenshot(page, 'login-passkey-en-light-desktop');
    const before = await storedCounter('mette@example.dk');
    await usePasskey.click();
    await page.waitForURL(`${origin}/en/roklub`);
    await page.getByRole('heading', { level: 1, name: 'Roklubben Bølgen' }).waitFor();
    expect(await storedCounter('mette@example.dk')).toBeGreaterThan(before);
    await context.close();
  });

  it('adds, uses and removes a passkey in Danish on a phone in dark mode', async () => {
    const userId = await createUser(platform, 'jonas@example.dk', 'jonas-kode-2026', 'Jonas Berg');
    await addMembership(platform, userId, { slug: 'sejlklub', name: 'Sejlklubben Vest' });
    const context = await newContext(browser, { colorScheme: 'dark', viewport: 'phone' });
    const page = await context.newPage();
    await virtualAuthenticator(context, page);

    await signIn(page, '/da/profile', 'jonas@example.dk', 'jonas-kode-2026', 'da');
    await page.waitForURL(`${origin}/da/profile`);
    await page.getByText('Brug en sikkerhedsnøgle eller en adgangsnøgle på din telefon.').waitFor();
    await page.getByRole('button', { name: 'Tilføj adgangsnøgle' }).click();
    await page.locator('.toast', { hasText: 'Adgangsnøglen er tilføjet' }).waitFor();
    await page.getByText('Totrinsbekræftelse: slået til').waitFor();
    await screenshot(page, 'profile-passkey-da-dark-phone');

    await page.goto(`${origin}/da/sejlklub`);
    await page.getByRole('button', { name: 'Kontomenu' }).click();
    await page.getByRole('menuitem', { name: 'Log ud' }).click();
    await page.waitForURL(`${origin}/da/login`);

    await signIn(page, '/da/profile', 'jonas@example.dk', 'jonas-kode-2026', 'da');
    await page.getByRole('heading', { name: 'Totrinsbekræftelse' }).waitFor();
    const usePasskey = page.getByRole('button', { name: 'Brug din adgangsnøgle' });
    await usePasskey.waitFor();
    await screenshot(page, 'login-passkey-da-dark-phone');
    await usePasskey.click();
    await page.waitForURL(`${origin}/da/profile`);

    // Signed in with the passkey (aal2), so it may be removed, after a confirmation.
    const item = page.getByRole('listitem').filter({ hasText: 'Adgangsnøgle' });
    await item.getByRole('button', { name: /^Fjern: Adgangsnøgle/ }).click();
    await page.getByText('Du kan ikke længere bekræfte dit login med denne adgangsnøgle.').waitFor();
    await page.getByRole('button', { name: 'Fjern', exact: true }).click();
    await page.locator('.toast', { hasText: 'Adgangsnøglen er fjernet' }).waitFor();
    await item.waitFor({ state: 'detached' });
    await page.getByText('Totrinsbekræftelse: slået fra').waitFor();
    await context.close();
  });

  it('creates a sign-in passkey, signs in with it alone in English and Danish, and removes it', async () => {
    const userId = await createUser(platform, 'freja@example.dk', 'freja-kode-2026', 'Freja Holm');
    await addMembership(platform, userId, { slug: 'kajakklub', name: 'Kajakklubben Fjord' });
    const context = await newContext(browser);
    const page = await context.newPage();
    const authenticator = await virtualAuthenticator(context, page);

    await signIn(page, '/en/profile', 'freja@example.dk', 'freja-kode-2026', 'en');
    await page.waitForURL(`${origin}/en/profile`);
    const section = page.getByRole('region', { name: 'Passkeys for signing in' });
    await section.getByText('No passkeys yet.').waitFor();
    await section.getByRole('button', { name: 'Create a passkey' }).click();
    await page.locator('.toast', { hasText: 'The passkey has been created' }).waitFor();
    await section.getByRole('listitem').filter({ hasText: 'Passkey' }).waitFor();
    const held = await authenticator.credentials();
    expect(held).toHaveLength(1);
    expect(held[0]!.isResidentCredential).toBe(true);
    // A sign-in passkey is no second factor: two-step sign-in stays off.
    await page.getByText('Two-step sign-in: off').waitFor();
    await screenshot(page, 'profile-signin-passkey-en-light-desktop');

    const before = await signInPasskeyState('freja@example.dk');
    expect(before.used).toBe(false);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${origin}/en/login`);
    await page.goto(`${origin}/en/login?redirect=${encodeURIComponent('/en/kajakklub')}`);
    await screenshot(page, 'login-with-passkey-en-light-desktop');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(`${origin}/en/kajakklub`);
    await page.getByRole('heading', { level: 1, name: 'Kajakklubben Fjord' }).waitFor();
    const after = await signInPasskeyState('freja@example.dk');
    expect(after.used).toBe(true);
    expect(after.count).toBeGreaterThan(before.count);

    // Danish, phone width, dark mode: sign out, sign in with the passkey, remove it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${origin}/da/profile`);
    const afsnit = page.getByRole('region', { name: 'Adgangsnøgler til login' });
    await afsnit
      .getByRole('listitem')
      .filter({ hasText: 'Adgangsnøgle' })
      .getByText(/sidst brugt/)
      .waitFor();
    await page.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL(`${origin}/da/login`);
    await page.goto(`${origin}/da/login?redirect=${encodeURIComponent('/da/profile')}`);
    await screenshot(page, 'login-with-passkey-da-dark-phone');
    await page.getByRole('button', { name: 'Log ind med en adgangsnøgle' }).click();
    await page.waitForURL(`${origin}/da/profile`);
    const item = afsnit.getByRole('listitem').filter({ hasText: 'Adgangsnøgle' });
    await item.getByRole('button', { name: 'Fjern: Adgangsnøgle' }).click();
    await page.getByText('Du kan ikke længere logge ind med denne adgangsnøgle.', { exact: false }).waitFor();
    await screenshot(page, 'profile-remove-signin-passkey-da-dark-phone');
    await page.getByRole('button', { name: 'Fjern', exact: true }).click();
    await page.locator('.toast', { hasText: 'Adgangsnøglen er fjernet' }).waitFor();
    await item.waitFor({ state: 'detached' });
    await afsnit.getByText('Ingen adgangsnøgler endnu.').waitFor();

    // The authenticator still holds the removed passkey: the server refuses it, with advice.
    await page.getByRole('button', { name: 'Log ud' }).click();
    await page.waitForURL(`${origin}/da/login`);
    await page.getByRole('button', { name: 'Log ind med en adgangsnøgle' }).click();
    await page.getByText('Login med adgangsnøgle lykkedes ikke.', { exact: false }).waitFor();
    expect(page.url()).toBe(`${origin}/da/login`);
    await context.close();
  });
});
