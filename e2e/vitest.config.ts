import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from '../apps/server/tests/support/longest-first-sequencer';

// End-to-end tests: each file starts the built app and a fresh server in-process, then drives
// Debian's Chromium through playwright-core. Two files at a time (decision 1081): a file spends
// most of its time waiting on pages, the database and realtime, so two measured 639 s against
// 884 s for the whole pass on 2 cores. Each file has its own server, database, browser and
// temporary folders. Modules load once per worker rather than once per file (decision 1084).
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    // One module graph per worker (decision 1084): the server and kit modules every file imports
    // are transformed once per worker; setup files still run before each file.
    isolate: false,
    // A failing test leaves a screenshot of each open page and its notifications behind.
    setupFiles: ['support/failure-record.ts'],
    // The files that took longest in the recorded CI run go first (.ci/test-durations.json).
    sequence: { sequencer: LongestFirstSequencer },
    // CI (.ci/run) also lists the slowest files of the pass.
    reporters: process.env.CI
      ? ['default', '../apps/server/tests/support/slowest-files-reporter.ts']
      : ['default'],
  },
});
