import os from 'node:os';
import { defineConfig } from 'vitest/config';

// End-to-end tests: each file starts the built app and a fresh server in-process, then drives
// Debian's Chromium through playwright-core. Two files at a time, on two cores too: a file
// spends most of its time waiting on page loads and the database, not computing, so a second
// file fills the idle core (measured on 2 cores: eight of the slowest files took 351 s in
// turn and 232 s two at a time; three at a time, 223 s, bought almost nothing more). Each
// file has its own server, database, port and browser, so nothing is shared between them.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    maxWorkers: Math.max(2, Math.min(4, os.availableParallelism() - 1)),
    pool: 'forks',
    // CI (.ci/run) also lists the slowest files of the pass.
    reporters: process.env.CI
      ? ['default', '../apps/server/tests/support/slowest-files-reporter.ts']
      : ['default'],
  },
});
