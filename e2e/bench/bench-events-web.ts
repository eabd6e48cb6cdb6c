// Events pages in headless Chromium with the demo club (10,000 members unless BENCH_MEMBERS
// says otherwise): time from navigation to a fully rendered events list and event detail
// (median of several runs), and the gzip size of the events route chunks. Prints figures;
// asserts nothing. `benchEventsPages` is exported so bench-web.ts can run it beside its pages.
//   node --import tsx e2e/bench/bench-events-web.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { seedDemo } from '../../supabase/seed/generate-demo';
import { launchBrowser, newContext } from '../support/browser';
import { repoRoot, startE2ePlatform } from '../support/e2e-platform';

export interface EventsBenchFigures {
  /** Time the data service took for the list's one data request (server and network). */
  listRequestMedianMs: number;
  /** The community overview, the shell's own start-up cost, for comparison. */
  overviewMedianMs: number;
  listMedianMs: number;
  detailMedianMs: number;
  listRunsMs: number[];
  detailRunsMs: number[];
  chunks: { file: string; bytes: number; gzipBytes: number }[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};

/** Gzip sizes of the events route chunks before they moved onto the kit, measured by this
 * script at 685e6bb (session 6, /work/notes/kit-core-bench-before.txt), so every run prints
 * them side by side with the current build. The kit's shared chunks did not exist then. */
export const beforeKitKb: Record<string, number> = {
  'events-list-route': 4.8,
  'events-edit-route': 9.3,
  'events-detail-route': 5.9,
};

/** The shared chunks the kit added that events routes load (lists, forms, dates, dialogs,
 * uploads, jobs, rich text); the editor itself (tiptap-editor) loads on first use. */
const kitChunk =
  /^(use-app-form|form|list-search|list-query|list-filter-fields|csv|unsaved-changes-guard|confirm-dialog|upload|job-panel|kit|schemas|rich-text-view|tiptap-editor|use-event-community|event-records)-[\w-]{8}\.js$/;

export const chunkBase = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');

export function eventsChunkSizes(
  distDir = path.join(repoRoot, 'apps/web/dist'),
): EventsBenchFigures['chunks'] {
  const assets = path.join(distDir, 'assets');
  return fs
    .readdirSync(assets)
    .filter((f) => /^events-.*\.js$/.test(f) || kitChunk.test(f))
    .map((file) => {
      const content = fs.readFileSync(path.join(assets, file));
      return { file, bytes: content.length, gzipBytes: zlib.gzipSync(content, { level: 9 }).length };
    });
}

async function signedInContext(
  browser: Browser,
  baseUrl: string,
  email: string,
  password: string,
): Promise<BrowserContext> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/en/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/en/login');
  await page.close();
  return context;
}

/** Each run opens a fresh tab (the app starts cold, as after a click from elsewhere) and waits
 * until the list shows its rows, or the detail its sales and participants tables. */
export async function benchEventsPages(options: {
  browser: Browser;
  baseUrl: string;
  slug: string;
  email: string;
  password: string;
  eventId: string;
  runs?: number;
}): Promise<EventsBenchFigures> {
  const runs = options.runs ?? 7;
  const context = await signedInContext(options.browser, options.baseUrl, options.email, options.password);
  const listRunsMs: number[] = [];
  const detailRunsMs: number[] = [];
  const listRequestMs: number[] = [];
  const overviewRunsMs: number[] = [];
  // One warm-up of each page so the first figure is not the browser's cache filling.
  for (let i = 0; i <= runs; i += 1) {
    const page = await context.newPage();
    const overviewStarted = performance.now();
    await page.goto(`${options.baseUrl}/en/${options.slug}`);
    await page.getByRole('heading', { level: 2, name: 'Areas you administer' }).waitFor();
    if (i > 0) overviewRunsMs.push(Math.round(performance.now() - overviewStarted));
    const listResponse = page.waitForResponse((r) => r.url().includes('/rest/v1/event_admin_summaries'));
    let started = performance.now();
    await page.goto(`${options.baseUrl}/en/${options.slug}/events?when=past`);
    await page.getByRole('table', { name: 'Events' }).getByRole('row').nth(10).waitFor();
    if (i > 0) listRunsMs.push(Math.round(performance.now() - started));
    const timing = (await listResponse).request().timing();
    if (i > 0) listRequestMs.push(Math.round(timing.responseEnd - timing.requestStart));
    started = performance.now();
    await page.goto(`${options.baseUrl}/en/${options.slug}/events/${options.eventId}`);
    await page.getByRole('table', { name: 'Sales' }).waitFor();
    await page.getByRole('table', { name: 'Participants' }).getByRole('row').nth(1).waitFor();
    if (i > 0) detailRunsMs.push(Math.round(performance.now() - started));
    await page.close();
  }
  await context.close();
  return {
    overviewMedianMs: median(overviewRunsMs),
    listRequestMedianMs: median(listRequestMs),
    listMedianMs: median(listRunsMs),
    detailMedianMs: median(detailRunsMs),
    listRunsMs,
    detailRunsMs,
    chunks: eventsChunkSizes(),
  };
}

async function main(): Promise<void> {
  const members = Number(process.env.BENCH_MEMBERS ?? '10000');
  const platform = await startE2ePlatform();
  const browser = await launchBrowser();
  try {
    const seeded = Date.now();
    const demo = await seedDemo(platform.db, { members, accounts: 50 });
    process.stdout.write(`demo data: ${members} members in ${Date.now() - seeded} ms\n`);
    const busiest = await platform.db.query<{ id: string; n: string }>(
      `select event_id::text as id, count(*)::text as n from public.ticket_purchases where community_id = $1
       group by event_id order by count(*) desc limit 1`,
      [demo.community],
    );
    const event = busiest.rows[0];
    if (!event) throw new Error('the demo data has no ticket purchases');
    const figures = await benchEventsPages({
      browser,
      baseUrl: platform.url,
      slug: demo.slug,
      email: demo.adminEmail,
      password: demo.adminPassword,
      eventId: event.id,
    });
    const rows = [
      [
        'events list, navigation → rendered (median)',
        `${figures.listMedianMs} ms`,
        `runs ${figures.listRunsMs.join(', ')}`,
      ],
      ['community overview (shell start-up, for comparison, median)', `${figures.overviewMedianMs} ms`, ''],
      ['events list, its data request (median)', `${figures.listRequestMedianMs} ms`, ''],
      [
        `event detail (${event.n} purchases), navigation → rendered (median)`,
        `${figures.detailMedianMs} ms`,
        `runs ${figures.detailRunsMs.join(', ')}`,
      ],
      ...[...figures.chunks]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((c) => {
          const before = beforeKitKb[chunkBase(c.file)];
          return [
            `chunk ${c.file}`,
            `${(c.gzipBytes / 1024).toFixed(1)} KB gzip`,
            `${(c.bytes / 1024).toFixed(1)} KB raw; before the kit: ${before === undefined ? 'did not exist' : `${before.toFixed(1)} KB gzip`}${c.gzipBytes / 1024 > 80 ? '; over the 80 KB aim' : ''}`,
          ];
        }),
    ];
    const width = Math.max(...rows.map((r) => r[0]!.length));
    for (const [name, value, note] of rows)
      process.stdout.write(`${name!.padEnd(width)}  ${value!.padStart(14)}  ${note}\n`);
  } finally {
    await browser.close();
    await platform.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
