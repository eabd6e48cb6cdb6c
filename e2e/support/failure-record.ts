// When an end-to-end test fails, what the browser showed at that moment is kept: a screenshot of
// every page still open goes to artifacts/failures/, and the page's address and the text of its
// notifications and alerts go to the test's output. A failure in CI can then be read from the
// log and the artifacts, without running it again under the same load.
import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, onTestFailed } from 'vitest';
import { openBrowsers } from './browser';
import { repoRoot } from './e2e-platform';

export const failureDir = path.join(repoRoot, 'artifacts/failures');

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9æøå]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

beforeEach((context) => {
  onTestFailed(async () => {
    const name = `${slug(path.basename(context.task.file.name, '.e2e.ts'))}--${slug(context.task.name)}`;
    const pages = [...openBrowsers].flatMap((browser) => browser.contexts().flatMap((c) => c.pages()));
    let index = 0;
    for (const page of pages) {
      index += 1;
      try {
        fs.mkdirSync(failureDir, { recursive: true });
        const file = path.join(failureDir, `${name}-${index}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        const shown = await page.evaluate(() =>
          Array.from(document.querySelectorAll('[role=status], [role=alert], [role=alertdialog]'))
            .map((element) => element.textContent?.replace(/\s+/g, ' ').trim() ?? '')
            .filter(Boolean),
        );
        console.error(
          `[failure record] ${context.task.name}: page ${index} at ${page.url()}\n` +
            `  screenshot: ${path.relative(repoRoot, file)}\n` +
            `  notifications and alerts: ${shown.length > 0 ? shown.join(' | ') : '(none)'}`,
        );
      } catch (error) {
        console.error(
          `[failure record] page ${index}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  });
});
