import { defineConfig } from 'vitest/config';

// End-to-end tests: each file starts the built app and a fresh server in-process, then drives
// Debian's Chromium through playwright-core. One file at a time: the machine is small, and
// Chromium keeps both cores busy (two files at once took 1,190 s against 1,254 s in turn on
// 2 cores, with a load average of 11), so parallel files would buy flakiness, not time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // CI (.ci/run) also lists the slowest files of the pass.
    reporters: process.env.CI
      ? ['default', '../apps/server/tests/support/slowest-files-reporter.ts']
      : ['default'],
  },
});
