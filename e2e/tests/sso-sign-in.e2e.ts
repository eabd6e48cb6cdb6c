// "Sign in with your organisation" in Chromium: the sign-in page finds the SAML provider by
// the work address's domain, the browser goes through a SAML identity provider run in the
// test and comes back signed in (decision 1010).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { TestIdp } from '../../apps/server/tests/auth/saml-test-idp';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { startE2ePlatform } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;
let idp: TestIdp;

beforeAll(async () => {
  idp = await TestIdp.start();
  platform = await startE2ePlatform({ AUTH_SAML_ENABLED: 'true' });
  const res = await fetch(`${platform.url}/auth/v1/admin/sso/providers`, {
    method: 'POST',
    headers: {
      apikey: platform.serviceRoleKey,
      authorization: `Bearer ${platform.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      type: 'saml',
      metadata_xml: idp.metadataXml(),
      domains: ['kommune.dk'],
      attribute_mapping: { keys: { full_name: { name: 'displayName' } } },
    }),
  });
  if (res.status !== 201) throw new Error(`provider not created: ${res.status} ${await res.text()}`);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
  await idp?.close();
});

describe('organisation sign-in', () => {
  it('signs in through the organisation identity provider from the sign-in page', async () => {
    idp.nextUser = { nameId: 'k-4711', attributes: { mail: 'lone@kommune.dk', displayName: 'Lone Lund' } };
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${platform.url}/en/login`);
    await page.getByRole('button', { name: 'Sign in with your organisation' }).click();

    // An address whose organisation has no sign-in here is told so, and what to do instead.
    await page.getByLabel('Work email address').fill('someone@elsewhere.dk');
    await page.getByRole('button', { name: 'Continue to your organisation' }).click();
    await page.getByText('Your organisation does not sign in here yet.').waitFor();
    await screenshot(page, 'sso-sign-in-unknown');

    await page.getByLabel('Work email address').fill('lone@kommune.dk');
    await page.getByRole('button', { name: 'Continue to your organisation' }).click();
    await page.waitForURL(`${platform.url}/en`);
    expect(idp.lastRequest?.acs).toBe(`${platform.url}/auth/v1/sso/saml/acs`);
    const { rows } = await platform.db.query<{ provider: string; name: string }>(
      `select i.provider, u.raw_user_meta_data ->> 'full_name' as name
         from auth.identities i join auth.users u on u.id = i.user_id where u.email = 'lone@kommune.dk'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.provider).toMatch(/^sso:/);
    expect(rows[0]!.name).toBe('Lone Lund');
    // Signed in: the home screen for an account without communities, and the session cookie set.
    await page.getByText('You are not a member of any community yet.').waitFor();
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name.endsWith('-auth-token') || c.name.includes('-auth-token.'))).toBe(true);
    await screenshot(page, 'sso-sign-in-done');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers the organisation sign-in in Danish', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${platform.url}/da/login`);
    await page.getByRole('button', { name: 'Log ind via din organisation' }).click();
    await page.getByLabel('Arbejds-e-mail').waitFor();
    await context.close();
  });
});
