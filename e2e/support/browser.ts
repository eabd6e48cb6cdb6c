// Debian's Chromium through playwright-core, headless, with the flags that keep it from
// reaching the network on its own. Screenshots go to artifacts/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { repoRoot } from './e2e-platform';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The browsers this test file launched and has not closed, for the failure record. */
export const openBrowsers = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
  openBrowsers.add(browser);
  browser.on('disconnected', () => openBrowsers.delete(browser));
  return browser;
}

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

export async function newContext(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; viewport?: keyof typeof viewports } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: viewports[options.viewport ?? 'desktop'],
    colorScheme: options.colorScheme ?? 'light',
    locale: 'en-GB',
    timezoneId: 'Europe/Copenhagen',
  });
}

export const screenshotDir = path.join(repoRoot, 'artifacts/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Fails the test with the page's own errors if the app logged any. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
