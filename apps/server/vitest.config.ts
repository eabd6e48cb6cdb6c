import { configDefaults, defineConfig } from 'vitest/config';

// The process tests start real server processes on an embedded data directory whatever the
// engine under test is, so the PostgreSQL pass (TEST_DATABASE_URL set) would only repeat what
// the PGlite pass has already run: leave them out there.
const embeddedOnly = [
  'tests/process/durability.test.ts',
  'tests/process/start-and-lock.test.ts',
  'tests/process/bare-start.test.ts',
];

// Engine-independent files (decision 1080): they never reach SQL behaviour that could differ
// between PGlite and PostgreSQL (pure parsing, config, auth protocol mechanics, the HTTP
// gateway, headers, storage backends on disk/S3, the functions sandbox), so the PostgreSQL pass
// would only repeat the PGlite pass. Anything testing SQL rules, RLS, migrations, realtime,
// connection loss, backups/moves between engines or the database layer is NOT listed and runs on
// both engines. tests/platform/engine-classification.test.ts checks every listed path exists.
export const engineIndependent = [
  'src/services/storage/bucket-limits.test.ts',
  'tests/platform/env-example.test.ts',
  'tests/platform/response-headers.test.ts',
  'tests/platform/web-routes.test.ts',
  'tests/auth/oidc-provider.test.ts',
  'tests/auth/upstream-fidelity.test.ts',
  'tests/auth/signing-algorithms.test.ts',
  'tests/auth/mail-templates.test.ts',
  'tests/auth/malformed-input.test.ts',
  'tests/auth/mfa-and-pkce.test.ts',
  'tests/process/bounded-shutdown.test.ts',
  'tests/access/gateway.test.ts',
  'tests/access/keys.test.ts',
  'tests/storage/buckets.test.ts',
  'tests/storage/s3-backend.test.ts',
  'tests/storage/render-image.test.ts',
  'tests/storage/file-backend-races.test.ts',
  'tests/functions/clean-start.test.ts',
  'tests/functions/default-functions-dir.test.ts',
  'tests/functions/worker-isolation.test.ts',
  'tests/functions/idle-workers.test.ts',
  'tests/functions/host-sandbox.test.ts',
  'tests/bench/wrk-output.test.ts',
];

export { embeddedOnly };

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts', '../../supabase/tests/**/*.test.ts'],
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL ? [...embeddedOnly, ...engineIndependent] : []),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One module graph per worker, not per file (decision 1084): each file still gets its own
    // database, platform and ports, but the server's modules are loaded and transformed once per
    // worker instead of once per file. No test mocks modules or changes process.env.
    isolate: false,
  },
});
