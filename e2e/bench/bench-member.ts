// npm run bench:member — the member home /en/m/{community} of the demo club (10,000 members
// unless BENCH_MEMBERS says otherwise) for a signed-in member, cold cache, on a mid-range phone:
// Chromium's CPU throttled 4× and the fast-3G profile as Lighthouse applies it through DevTools
// (562.5 ms per request, 1.47 Mbit/s down, 675 kbit/s up), both through CDP. Prints, per run and as the median of BENCH_RUNS runs (5):
// the largest contentful paint (PerformanceObserver, 'largest-contentful-paint', buffered) and
// the JavaScript the page loaded until the network went quiet, as transferred (CDP
// Network.loadingFinished encodedDataLength of the .js responses: compressed body and headers)
// with the server's content-encoding, and the size of the same files in apps/web/dist; and, for
// the first run, when each request of the page started and finished (where the time goes). The server runs in a
// child process (serve-bench-platform.ts --demo), serving the build the way `npm start` does.
// Prints figures and the aims; asserts nothing.
//   npm run bench:member            (add -- --no-build to measure the existing apps/web/dist)
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser';
import { repoRoot } from '../support/e2e-platform';
import { startBenchServer, stopBenchServer } from './serve-bench-platform';

const aims = { lcpMs: 1500, jsKb: 150 };
/** Lighthouse's mobile profile ("Fast 3G" as WebPageTest defines it: 150 ms RTT, 1.6 Mbit/s down,
 * 750 kbit/s up) as Lighthouse applies it through DevTools throttling (its `mobileSlow4G`
 * requestLatencyMs and throughput, RTT × 3.75 and throughput × 0.9), in ms and bytes/second. */
const fast3g = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: Math.round((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.round((750 * 0.9 * 1024) / 8),
};
const cpuSlowdown = 4;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface Script {
  file: string;
  transferred: number;
  raw: number;
  encoding: string;
}

interface Request {
  url: string;
  startMs: number;
  endMs?: number;
}

interface Run {
  lcpMs: number;
  lcpElement: string;
  scripts: Script[];
  requests: Request[];
}

const assetsDir = path.join(repoRoot, 'apps/web/dist/assets');
const distSize = (file: string) => {
  const found = path.join(assetsDir, file);
  return fs.existsSync(found) ? fs.statSync(found).size : 0;
};

/** Every request of the page with its start and end in ms since the first one. */
function recordRequests(cdp: CDPSession): Map<string, Request> {
  const requests = new Map<string, Request>();
  let origin: number | undefined;
  const at = (timestamp: number) => {
    origin ??= timestamp;
    return Math.round((timestamp - origin) * 1000);
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    requests.set(event.requestId, { url: url.pathname + url.search, startMs: at(event.timestamp) });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.endMs = at(event.timestamp);
  });
  return requests;
}

/** Records the .js responses of the page's own origin by file, with the bytes transferred (a
 * file fetched twice, say as a preload and again as the import, counts once). */
function recordScripts(cdp: CDPSession, origin: string): Map<string, Script> {
  const pending = new Map<string, { file: string; encoding: string }>();
  const scripts = new Map<string, Script>();
  cdp.on('Network.responseReceived', (event) => {
    const url = new URL(event.response.url);
    if (url.origin !== origin || !url.pathname.endsWith('.js')) return;
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    pending.set(event.requestId, {
      file: path.basename(url.pathname),
      encoding: headers['content-encoding'] ?? 'none',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const script = pending.get(event.requestId);
    if (!script) return;
    if (scripts.has(script.file)) return;
    scripts.set(script.file, {
      ...script,
      transferred: event.encodedDataLength,
      raw: distSize(script.file),
    });
  });
  return scripts;
}

async function largestContentfulPaint(page: Page): Promise<{ ms: number; element: string }> {
  return page.evaluate(
    () =>
      new Promise<{ ms: number; element: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries() as (PerformanceEntry & {
            element?: Element | null;
            size: number;
          })[];
          const last = entries[entries.length - 1]!;
          const element = last.element;
          const name = element
            ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}"`
            : 'an element since removed';
          resolve({ ms: Math.round(last.startTime), element: name });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

async function measureOnce(
  browser: Browser,
  server: { url: string; slug: string; member: { email: string; password: string } },
): Promise<Run> {
  const context = await newContext(browser, { viewport: 'phone' });
  try {
    const signIn = await context.newPage();
    await signIn.goto(`${server.url}/en/login`);
    await signIn.getByLabel('Email').fill(server.member.email);
    await signIn.getByLabel('Password', { exact: true }).fill(server.member.password);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await signIn.waitForURL((url) => url.pathname !== '/en/login');
    await signIn.close();

    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    // Cold: nothing of the sign-in page's code is reused from the cache.
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', fast3g);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const scripts = recordScripts(cdp, new URL(server.url).origin);
    const requests = recordRequests(cdp);
    const home = `${server.url}/en/m/${server.slug}`;
    await page.goto(home, { waitUntil: 'networkidle', timeout: 120_000 });
    if (new URL(page.url()).pathname !== `/en/m/${server.slug}`)
      throw new Error(`the member home redirected to ${page.url()}`);
    await page.getByRole('heading', { level: 1, name: /^Hi / }).waitFor({ timeout: 60_000 });
    const lcp = await largestContentfulPaint(page);
    return {
      lcpMs: lcp.ms,
      lcpElement: lcp.element,
      scripts: [...scripts.values()].sort((a, b) => b.transferred - a.transferred),
      requests: [...requests.values()].sort((a, b) => a.startMs - b.startMs),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    console.log('Building the web app…');
    execSync('npm run build -w apps/web', { cwd: repoRoot, stdio: 'ignore' });
  }
  const runs = Number(process.env.BENCH_RUNS ?? '5');
  console.log('Seeding the demo club…');
  const server = await startBenchServer({ demo: true });
  const browser = await launchBrowser();
  try {
    const { url, slug, member, members } = server;
    if (!slug || !member) throw new Error('the bench server did not name the demo club and a member');
    console.log(`Load average before measuring: ${os.loadavg()[0]!.toFixed(2)} (${os.cpus().length} cores)`);
    const results: Run[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await measureOnce(browser, { url, slug, member }));

    const total = (run: Run, key: 'transferred' | 'raw') => run.scripts.reduce((s, f) => s + f[key], 0);
    const encodings = [...new Set(results.flatMap((r) => r.scripts.map((s) => s.encoding)))].join(', ');
    console.log(
      `\nMember home /en/m/${slug}, ${members} members, signed-in member, cold cache, ` +
        `CPU ${cpuSlowdown}× slower, fast 3G (${fast3g.latency} ms, ${((fast3g.downloadThroughput * 8) / 1024).toFixed(0)} kbit/s down, as Lighthouse counts)`,
    );
    const rows = [
      ['run', 'LCP', 'JS transferred', 'JS in dist', 'scripts', 'LCP element'],
      ...results.map((r, i) => [
        String(i + 1),
        `${r.lcpMs} ms`,
        kb(total(r, 'transferred')),
        kb(total(r, 'raw')),
        String(r.scripts.length),
        r.lcpElement,
      ]),
      [
        'median',
        `${median(results.map((r) => r.lcpMs))} ms`,
        kb(median(results.map((r) => total(r, 'transferred')))),
        kb(median(results.map((r) => total(r, 'raw')))),
        '',
        '',
      ],
      ['aim', `< ${aims.lcpMs} ms`, `< ${aims.jsKb} KB`, '', '', ''],
    ];
    const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
    for (const row of rows)
      console.log(row.map((cell, c) => (c === row.length - 1 ? cell : cell.padStart(widths[c]!))).join('  '));
    console.log(`Content-Encoding of the scripts: ${encodings}`);
    console.log(`\nScripts of the first load (run 1; transferred = compressed body and headers)`);
    for (const s of results[0]!.scripts)
      console.log(
        `  ${s.file.padEnd(44)} ${kb(s.transferred).padStart(10)} ${kb(s.raw).padStart(10)} in dist`,
      );
    console.log(`\nRequests of run 1 (ms since the first; LCP at ${results[0]!.lcpMs} ms)`);
    for (const r of results[0]!.requests)
      console.log(
        `  ${String(r.startMs).padStart(6)} → ${String(r.endMs ?? '…').padStart(6)}  ${r.url.slice(0, 90)}`,
      );
    console.log(`Load average after measuring: ${os.loadavg()[0]!.toFixed(2)}`);
  } finally {
    await browser.close();
    await stopBenchServer(server.child);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
