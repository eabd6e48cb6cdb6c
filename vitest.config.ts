import { defineConfig } from 'vitest/config';

// One runner for the whole repository; each workspace is a project so that
// `vitest run --project server` runs only the server's suites.
export default defineConfig({
  test: {
    projects: ['packages/i18n', 'packages/schemas', 'apps/server', 'apps/web'],
  },
});
