// npm run bench:web — builds the web app, then prints, for /en/login and a community overview:
// the gzip size of the JavaScript and CSS the page loads (and which files), the largest chunks
// of the build, and Lighthouse scores (performance, accessibility, best practices) with the
// metrics behind performance, in headless Chromium under Lighthouse's mobile and desktop
// settings. The server runs in a child process (serve-bench-platform.ts), serving the build the
// way `npm start` does. Prints figures and the load average; asserts nothing.
//   npm run bench:web            (add -- --no-build to measure the existing apps/web/dist)
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type BrowserContext } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../support/browser';
import { repoRoot } from '../support/e2e-platform';
import { benchUser, startBenchServer, stopBenchServer } from './serve-bench-platform';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/en/login`);
  await page.getByLabel('Email').fill(benchUser.email);
  await page.getByLabel('Password', { exact: true }).fill(benchUser.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${baseUrl}/en/bench`);
  await page.close();
}

interface LoadedFile {
  file: string;
  kind: 'js' | 'css';
  gzip: number;
}

const metricIds = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the web app…');
    execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  }
  const { url: baseUrl, child } = await startBenchServer();
  const port = 9300 + Math.floor(Math.random() * 500);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
  });
  try {
    const pages = [
      { name: '/en/login', url: `${baseUrl}/en/login`, ready: 'Sign in', signedIn: false },
      { name: 'community overview', url: `${baseUrl}/en/bench`, ready: 'Benchmark IF', signedIn: true },
    ];
    console.log(`Load average before measuring: ${loadAverage()} (${os.cpus().length} cores)`);

    const loadedFiles: Record<string, LoadedFile[]> = {};
    for (const target of pages) {
      await context.clearCookies();
      if (target.signedIn) await signIn(context, baseUrl);
      const page = await context.newPage();
      const loaded = new Map<string, LoadedFile>();
      page.on('response', async (response) => {
        const url = new URL(response.url());
        const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : undefined;
        if (!kind || url.origin !== new URL(baseUrl).origin) return;
        try {
          loaded.set(url.pathname, {
            file: path.basename(url.pathname),
            kind,
            gzip: gzipSize(await response.body()),
          });
        } catch {
          // a response without a body (redirect) carries no code
        }
      });
      await page.goto(target.url, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: target.ready }).waitFor();
      loadedFiles[target.name] = [...loaded.values()].sort((a, b) => b.gzip - a.gzip);
      await page.close();
    }

    const scores: Record<string, Record<string, string>> = {};
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const target of pages) {
        await context.clearCookies();
        if (target.signedIn) await signIn(context, baseUrl);
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
        const lhr = result?.lhr;
        const score = (id: string) => {
          const value = lhr?.categories[id]?.score;
          return value === null || value === undefined ? 'n/a' : String(Math.round(value * 100));
        };
        const row: Record<string, string> = {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best practices': score('best-practices'),
        };
        for (const [label, id] of Object.entries(metricIds))
          row[label] = lhr?.audits[id]?.displayValue ?? 'n/a';
        scores[`${target.name} (${preset})`] = row;
      }
    }

    console.log('\nJavaScript and CSS loaded (gzip)');
    console.log(['page'.padEnd(22), 'JS'.padStart(10), 'CSS'.padStart(10), 'files'.padStart(6)].join(' '));
    for (const [name, files] of Object.entries(loadedFiles)) {
      const sum = (kind: LoadedFile['kind']) =>
        files.filter((f) => f.kind === kind).reduce((s, f) => s + f.gzip, 0);
      console.log(
        [
          name.padEnd(22),
          kb(sum('js')).padStart(10),
          kb(sum('css')).padStart(10),
          String(files.length).padStart(6),
        ].join(' '),
      );
    }
    console.log('Aim: at most 250 KB of gzipped JavaScript for /en/login.');
    for (const [name, files] of Object.entries(loadedFiles)) {
      console.log(`\nFiles loaded by ${name} (gzip)`);
      for (const f of files) console.log(`  ${f.file.padEnd(44)} ${kb(f.gzip).padStart(10)}`);
    }

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
    console.log('\nLargest chunks of the build');
    console.log(['file'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10)].join(' '));
    for (const c of chunks)
      console.log([c.file.padEnd(44), kb(c.raw).padStart(10), kb(c.gzip).padStart(10)].join(' '));

    console.log('\nLighthouse (headless Chromium; form factor in brackets, simulated throttling)');
    const columns = ['performance', 'accessibility', 'best practices', ...Object.keys(metricIds)];
    console.log(['page'.padEnd(34), ...columns.map((c) => c.padStart(Math.max(c.length, 8)))].join(' '));
    for (const [name, s] of Object.entries(scores)) {
      console.log(
        [name.padEnd(34), ...columns.map((c) => (s[c] ?? 'n/a').padStart(Math.max(c.length, 8)))].join(' '),
      );
    }
    console.log('Aim: performance ≥ 90, accessibility ≥ 95.');
    console.log(`Load average after measuring: ${loadAverage()}`);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
    await stopBenchServer(child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
