import { configDefaults, defineConfig } from 'vitest/config';

// The process tests start real server processes on an embedded data directory whatever the
// engine under test is, so the PostgreSQL pass (TEST_DATABASE_URL set) would only repeat what
// the PGlite pass has already run: leave them out there.
const embeddedOnly = [
  'tests/process/durability.test.ts',
  'tests/process/start-and-lock.test.ts',
  'tests/process/bare-start.test.ts',
];

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', '../../supabase/tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? embeddedOnly : [])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
