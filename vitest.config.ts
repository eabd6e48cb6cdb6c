import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './apps/server/tests/support/longest-first-sequencer';

// One runner for the whole repository; each workspace is a project so that
// `vitest run --project server` runs only the server's suites.
//
// Workers: vitest's default is one fewer than the cores, which on a 2-core machine (CI) runs
// every file in turn and leaves a core idle while files wait on child processes, mail and
// sockets. Each file has its own database (a PGlite instance, or a database cloned from the
// migrated template on PostgreSQL), so two at a time is safe; larger machines keep the default.
export default defineConfig({
  test: {
    projects: ['packages/i18n', 'packages/schemas', 'apps/server', 'apps/web'],
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The files that took longest in the recorded CI run go first (.ci/test-durations.json).
    sequence: { sequencer: LongestFirstSequencer },
    // CI (.ci/run) also lists the slowest files of each pass.
    reporters: process.env.CI
      ? ['default', './apps/server/tests/support/slowest-files-reporter.ts']
      : ['default'],
  },
});
