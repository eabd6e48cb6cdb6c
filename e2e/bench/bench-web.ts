// npm run bench:web — builds the web app, then prints, for /en/login and a community overview:
// the gzip size of the JavaScript and CSS the page loads, the largest chunks of the build, and
// Lighthouse scores (performance, accessibility, best practices) in headless Chromium, with
// Lighthouse's mobile and desktop settings.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/browser';
import { addMembership, createUser, repoRoot, startE2ePlatform } from '../support/e2e-platform';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the web app…');
    execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  }
  const platform = await startE2ePlatform({ LOG_LEVEL: 'silent' });
  const userId = await createUser(platform, 'bench@example.dk', 'bench-kode-2026');
  await addMembership(
    platform,
    userId,
    { slug: 'bench', name: 'Benchmark IF' },
    { role: 'owner', areas: ['event', 'news', 'member'] },
  );

  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  try {
    const pages = [
      { name: '/en/login', url: `${platform.url}/en/login`, ready: 'Sign in' },
      { name: 'community overview', url: `${platform.url}/en/bench`, ready: 'Benchmark IF' },
    ];

    // Sign in once, so the overview loads as a signed-in admin (Lighthouse keeps the storage).
    const signIn = await context.newPage();
    await signIn.goto(`${platform.url}/en/login`);
    await signIn.getByLabel('Email').fill('bench@example.dk');
    await signIn.getByLabel('Password', { exact: true }).fill('bench-kode-2026');
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn.waitForURL(`${platform.url}/en/bench`);
    await signIn.close();

    const sizes: Record<string, { js: number; css: number; files: number }> = {};
    for (const target of pages) {
      const page = await context.newPage();
      const loaded = new Map<string, { kind: 'js' | 'css'; bytes: number }>();
      page.on('response', async (response) => {
        const url = new URL(response.url());
        const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
        if (!kind || url.origin !== new URL(platform.url).origin) return;
        try {
          loaded.set(url.pathname, { kind, bytes: gzipSize(await response.body()) });
        } catch {
          // a response without a body (redirect) carries no code
        }
      });
      if (target.name === '/en/login') await context.clearCookies();
      await page.goto(target.url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: target.ready }).waitFor();
      const all = [...loaded.values()];
      sizes[target.name] = {
        js: all.filter((f) => f.kind === 'js').reduce((sum, f) => sum + f.bytes, 0),
        css: all.filter((f) => f.kind === 'css').reduce((sum, f) => sum + f.bytes, 0),
        files: all.length,
      };
      await page.close();
      if (target.name === '/en/login') {
        const again = await context.newPage();
        await again.goto(`${platform.url}/en/login`);
        await again.getByLabel('Email').fill('bench@example.dk');
        await again.getByLabel('Password', { exact: true }).fill('bench-kode-2026');
        await again.getByRole('button', { name: 'Sign in', exact: true }).click();
        await again.waitForURL(`${platform.url}/en/bench`);
        await again.close();
      }
    }

    const scores: Record<string, Record<string, string>> = {};
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const target of pages) {
        if (target.name === '/en/login') await context.clearCookies();
        const result = await lighthouse(
          target.url,
          {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            disableStorageReset: true,
          },
          preset === 'desktop' ? desktopConfig : undefined,
        );
        const categories = result?.lhr.categories ?? {};
        const score = (id: string) => {
          const value = categories[id]?.score;
          return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
        };
        scores[`${target.name} (${preset})`] = {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best practices': score('best-practices'),
        };
        if (target.name === '/en/login') {
          const again = await context.newPage();
          await again.goto(`${platform.url}/en/login`);
          await again.getByLabel('Email').fill('bench@example.dk');
          await again.getByLabel('Password', { exact: true }).fill('bench-kode-2026');
          await again.getByRole('button', { name: 'Sign in', exact: true }).click();
          await again.waitForURL(`${platform.url}/en/bench`);
          await again.close();
        }
      }
    }

    console.log('\nJavaScript and CSS loaded (gzip)');
    console.log(['page'.padEnd(22), 'JS'.padStart(10), 'CSS'.padStart(10), 'files'.padStart(6)].join(' '));
    for (const [name, s] of Object.entries(sizes)) {
      console.log(
        [name.padEnd(22), kb(s.js).padStart(10), kb(s.css).padStart(10), String(s.files).padStart(6)].join(
          ' ',
        ),
      );
    }
    console.log('Aim: at most 250 KB of gzipped JavaScript for /en/login.');

    const assets = path.join(repoRoot, 'apps/web/dist/assets');
    const chunks = fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
      .map((f) => {
        const buffer = fs.readFileSync(path.join(assets, f));
        return { file: f, raw: buffer.length, gzip: gzipSize(buffer) };
      })
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 8);
    console.log('\nLargest chunks');
    console.log(['file'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10)].join(' '));
    for (const c of chunks)
      console.log([c.file.padEnd(44), kb(c.raw).padStart(10), kb(c.gzip).padStart(10)].join(' '));

    console.log('\nLighthouse (headless Chromium)');
    console.log(
      [
        'page'.padEnd(34),
        'performance'.padStart(12),
        'accessibility'.padStart(14),
        'best practices'.padStart(15),
      ].join(' '),
    );
    for (const [name, s] of Object.entries(scores)) {
      console.log(
        [
          name.padEnd(34),
          s.performance!.padStart(12),
          s.accessibility!.padStart(14),
          s['best practices']!.padStart(15),
        ].join(' '),
      );
    }
    console.log('Aim: performance ≥ 90, accessibility ≥ 95.');
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await platform.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
