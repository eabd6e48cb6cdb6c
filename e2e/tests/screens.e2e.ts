// Screenshots of the main screens in both languages and both colour modes (desktop and phone),
// each checked with axe-core for serious or critical accessibility violations.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../apps/server/tests/support/test-platform';
import { seriousViolations, type AxeViolation } from '../support/axe';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { addMembership, createUser, startE2ePlatform } from '../support/e2e-platform';

let platform: TestPlatform;
let browser: Browser;

beforeAll(async () => {
  platform = await startE2ePlatform();
  browser = await launchBrowser();
  const userId = await createUser(platform, 'sofie@example.dk', 'sofie-kode-2026', 'Sofie Krogh');
  await addMembership(
    platform,
    userId,
    { slug: 'fodbold', name: 'Fodboldklubben Fremad' },
    { role: 'owner', areas: ['event', 'news', 'member', 'billing'], manager: true },
  );
});

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function signedInContext(
  colorScheme: 'light' | 'dark',
  viewport: 'desktop' | 'phone',
): Promise<BrowserContext> {
  const context = await newContext(browser, { colorScheme, viewport });
  const page = await context.newPage();
  await page.goto(`${platform.url}/en/login`);
  await page.getByLabel('Email').fill('sofie@example.dk');
  await page.getByLabel('Password', { exact: true }).fill('sofie-kode-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${platform.url}/en/fodbold`);
  await page.close();
  return context;
}

const titles = {
  en: {
    login: 'Sign in',
    register: 'Create an account',
    landing: 'Your club, in one place',
    news: 'News',
    profile: 'Profile',
    reset: 'Reset your password',
  },
  da: {
    login: 'Log ind',
    register: 'Opret en konto',
    landing: 'Hele klubben ét sted',
    news: 'Nyheder',
    profile: 'Profil',
    reset: 'Nulstil din adgangskode',
  },
} as const;

describe('main screens', () => {
  for (const language of ['en', 'da'] as const) {
    for (const mode of ['light', 'dark'] as const) {
      it(`look right and pass axe in ${language}, ${mode} mode`, async () => {
        const found: { screen: string; violations: AxeViolation[] }[] = [];
        const t = titles[language];

        const visitor = await newContext(browser, { colorScheme: mode });
        const open = await visitor.newPage();
        const errors = collectPageErrors(open);
        for (const [name, path, heading] of [
          ['landing', '', t.landing],
          ['login', '/login', t.login],
          ['register', '/register', t.register],
          ['reset', '/reset', t.reset],
        ] as const) {
          await open.goto(`${platform.url}/${language}${path}`);
          await open.getByRole('heading', { level: 1, name: heading }).waitFor();
          expect(await open.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            mode === 'dark',
          );
          expect(await open.evaluate(() => document.documentElement.lang)).toBe(language);
          await screenshot(open, `${name}-${language}-${mode}-desktop`);
          found.push({ screen: name, violations: await seriousViolations(open) });
        }
        await visitor.close();

        for (const viewport of ['desktop', 'phone'] as const) {
          const context = await signedInContext(mode, viewport);
          const page = await context.newPage();
          errors.push(...collectPageErrors(page));
          for (const [name, path, heading] of [
            ['overview', '/fodbold', 'Fodboldklubben Fremad'],
            ['news', '/fodbold/news', t.news],
            ['profile', '/profile', t.profile],
          ] as const) {
            await page.goto(`${platform.url}/${language}${path}`);
            await page.getByRole('heading', { level: 1, name: heading }).waitFor();
            await page.waitForLoadState('networkidle');
            await screenshot(page, `${name}-${language}-${mode}-${viewport}`);
            found.push({ screen: `${name} (${viewport})`, violations: await seriousViolations(page) });
          }
          if (viewport === 'phone') {
            await page.goto(`${platform.url}/${language}/fodbold`);
            await page
              .getByRole('button', { name: language === 'da' ? 'Åbn menu' : 'Open navigation' })
              .click();
            await page.getByRole('dialog').getByRole('navigation').waitFor();
            await screenshot(page, `navigation-drawer-${language}-${mode}-phone`);
            found.push({ screen: 'navigation drawer (phone)', violations: await seriousViolations(page) });
          }
          await context.close();
        }

        expect(found.filter((f) => f.violations.length > 0)).toEqual([]);
        expect(errors).toEqual([]);
      });
    }
  }
});
