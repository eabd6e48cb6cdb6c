import { defineConfig } from 'vitest/config';

// End-to-end tests: each file starts the built app and a fresh server in-process, then drives
// Debian's Chromium through playwright-core. One file at a time: the machine is small.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
