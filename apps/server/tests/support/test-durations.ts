// How long each test file took in a CI run, so the next run can start the longest first. The
// slowest-files reporter writes artifacts/test-durations.json after each pass (merged across
// the passes of one run); .ci/test-durations.json is a copy of it kept in the repository, read
// by the longest-first sequencer. A file missing from it (a new one) simply runs in vitest's
// default order after the known ones; refresh the copy when the CI report shows the order stale.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The repository root (platform.ts has one too, but importing it here would load the server).
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const keptDurationsFile = path.join(repoRoot, '.ci/test-durations.json');
export const runDurationsFile = path.join(repoRoot, 'artifacts/test-durations.json');

/** The pass a file runs in: the server suites run once per engine. */
export function durationKey(project: string, moduleId: string): string {
  const engine = project === 'e2e' ? 'chromium' : process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  return `${engine} ${project} ${path.relative(repoRoot, moduleId).split(path.sep).join('/')}`;
}

export function readDurations(file: string): Record<string, number> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed).filter((e): e is [string, number] => typeof e[1] === 'number'),
      );
    }
  } catch {
    // no durations yet, or an unreadable file: the default order
  }
  return {};
}

/** Adds this pass's seconds per file to the run's file, keys sorted so copies diff cleanly. */
export function recordDurations(seconds: Record<string, number>): void {
  const merged = { ...readDurations(runDurationsFile), ...seconds };
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  fs.mkdirSync(path.dirname(runDurationsFile), { recursive: true });
  fs.writeFileSync(runDurationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
}
