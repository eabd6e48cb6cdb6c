// Going live from an empty database (PostgreSQL when TEST_DATABASE_URL or PG_TEST_URL names a
// server, as in CI; otherwise the embedded database): the real server process and the real
// `npm run community:create`, mail at a real SMTP listener, and the owner in Chromium, in
// Danish, from the invitation to every area.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  spawnServer,
  waitForHealth,
  type ServerProcess,
} from '../../apps/server/tests/process/server-process';
import {
  startSmtpListener,
  verifyLink,
  type SmtpListener,
} from '../../apps/server/tests/support/smtp-listener';
import { collectPageErrors, launchBrowser, newContext, screenshot } from '../support/browser';
import { repoRoot } from '../support/e2e-platform';

const pgBase = process.env.TEST_DATABASE_URL ?? process.env.PG_TEST_URL;
const everyArea = [
  'Overblik',
  'Arrangementer',
  'Nyheder',
  'Grupper',
  'Medlemmer',
  'Booking',
  'Ordrer',
  'Betaling',
  'Tags',
  'Statistik',
  'Klubber',
  'Vidensbase',
  'Indstillinger',
];

let browser: Browser;
let smtp: SmtpListener;
const cleanups: (() => Promise<void>)[] = [];

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgBase });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The environment of one installation: an empty database, its data directory, its address. */
async function emptyInstallation(): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-golive-'));
  const port = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Klubportalen <noreply@klubportalen.test>',
    APP_NAME: 'Klubportalen',
    CPR_ENCRYPTION_KEY: 'golive-cpr-key-0123456789',
    DEMO_DATA: 'false',
  };
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (pgBase) {
    const name = `golive_${crypto.randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    cleanups.push(() => adminQuery(`drop database if exists ${name} with (force)`));
    const url = new URL(pgBase);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  return env;
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer(env);
  cleanups.push(async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
  await waitForHealth(server);
  return server;
}

function runCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const child = spawn('npm', ['run', '--silent', 'community:create', '--', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

/** Opens the invitation, chooses a password, and checks the owner sees every area. */
async function acceptInvitation(page: Page, email: string, slug: string, origin: string, shot: string) {
  const mail = await smtp.waitFor(email);
  expect(mail.raw).toContain(`To: ${email}`);
  await page.goto(verifyLink(mail));
  await page.waitForURL(`${origin}/da/new-password`);
  await page.getByLabel('Ny adgangskode', { exact: true }).fill('sommer-stævne-2026');
  await page.getByLabel('Gentag adgangskode').fill('sommer-stævne-2026');
  await page.getByRole('button', { name: 'Gem ny adgangskode' }).click();
  await page.waitForURL(`${origin}/da/${slug}`);
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
  await nav.getByRole('link', { name: 'Indstillinger' }).waitFor();
  expect(await nav.getByRole('link').allTextContents()).toEqual(everyArea);
  await screenshot(page, shot);
}

async function signInAgain(page: Page, email: string, slug: string, origin: string) {
  await page.context().clearCookies();
  await page.goto(`${origin}/da/login`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Adgangskode', { exact: true }).fill('sommer-stævne-2026');
  await page.getByRole('button', { name: 'Log ind', exact: true }).click();
  await page.waitForURL(`${origin}/da/${slug}`);
  const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
  await nav.getByRole('link', { name: 'Indstillinger' }).waitFor();
  expect(await nav.getByRole('link').allTextContents()).toEqual(everyArea);
}

beforeAll(async () => {
  smtp = await startSmtpListener();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  await smtp?.close();
});

describe('going live', () => {
  it('npm run community:create makes the community and its owner signs in to every area', async () => {
    const env = await emptyInstallation();
    const bad = await runCommand(['--name', 'Søndervang IF', '--owner-email', 'formand-at-sondervang'], env);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('"formand-at-sondervang" is not an e-mail address');

    const made = await runCommand(
      ['--name', 'Søndervang IF', '--owner-email', 'formand@sondervang-if.dk'],
      env,
    );
    expect(made.out).toContain(`Created Søndervang IF: ${env.PUBLIC_URL}/da/soendervang-if`);
    expect(made.out).toContain('Invited formand@sondervang-if.dk as its owner');
    expect(made.code).toBe(0);

    const server = await startServer(env);
    // A community exists, so the banner offers no setup link.
    expect(server.output()).not.toContain('/setup?token=');
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await acceptInvitation(
      page,
      'formand@sondervang-if.dk',
      'soendervang-if',
      server.url,
      'go-live-command-da',
    );
    await signInAgain(page, 'formand@sondervang-if.dk', 'soendervang-if', server.url);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the setup link from the start-up banner works once and invites the owner', async () => {
    const env = await emptyInstallation();
    const server = await startServer(env);
    const setupUrl = new RegExp(`${env.PUBLIC_URL}/da/setup\\?token=[A-Za-z0-9_-]{32}`).exec(
      server.output(),
    )?.[0];
    expect(setupUrl, server.output()).toBeDefined();

    const context = await newContext(browser, { colorScheme: 'dark' });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(`${env.PUBLIC_URL}/da/setup?token=forkert`);
    await page.getByText('Opsætningslinket er forkert eller allerede brugt').waitFor();

    await page.goto(setupUrl!);
    await page.getByRole('heading', { name: 'Opret jeres klub' }).waitFor();
    await page.getByRole('button', { name: 'Opret klubben og send invitationen' }).click();
    await page.getByText('Skriv klubbens navn.').waitFor();
    await page.getByLabel('Klubbens eller foreningens navn').fill('Strandby Sejlklub');
    await page.getByLabel('Ejerens e-mail').fill('formand@strandby-sejlklub');
    await page.getByRole('button', { name: 'Opret klubben og send invitationen' }).click();
    await page.getByText('Skriv en gyldig e-mailadresse').waitFor();
    await screenshot(page, 'go-live-setup-da-dark');
    await page.getByLabel('Ejerens e-mail').fill('formand@strandby-sejlklub.dk');
    await page.getByRole('button', { name: 'Opret klubben og send invitationen' }).click();
    await page.getByRole('heading', { name: 'Strandby Sejlklub er klar' }).waitFor();
    await page.getByText('Vi har sendt en invitation til formand@strandby-sejlklub.dk').waitFor();
    await screenshot(page, 'go-live-setup-done-da-dark');

    // The token was for one use only.
    await page.goto(setupUrl!);
    await page.getByText('Opsætningslinket er forkert eller allerede brugt').waitFor();

    await acceptInvitation(
      page,
      'formand@strandby-sejlklub.dk',
      'strandby-sejlklub',
      env.PUBLIC_URL!,
      'go-live-owner-da-dark',
    );
    await signInAgain(page, 'formand@strandby-sejlklub.dk', 'strandby-sejlklub', env.PUBLIC_URL!);
    expect(errors).toEqual([]);
    await context.close();
  });
});
