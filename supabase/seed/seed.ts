// `npm run db:seed -- --members N [--seed S]`: migrates the configured database (DATA_DIR or
// DATABASE_URL) and fills an empty one with the demo club. CPR numbers are encrypted with
// the same key the server uses (CPR_ENCRYPTION_KEY, or the one kept in DATA_DIR/keys.json).
import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadKeys } from '../../apps/server/src/access/keys';
import { ConfigError, loadConfig } from '../../apps/server/src/config';
import { defaultMigrationSources, migrate } from '../../apps/server/src/database/migrator';
import { openDatabase } from '../../apps/server/src/database/open-database';
import { seedDemo } from './generate-demo';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { members: { type: 'string', default: '250' }, seed: { type: 'string', default: '2026' } },
    allowPositionals: false,
  });
  const members = Number(values.members);
  const seed = Number(values.seed);
  if (!Number.isInteger(members) || members < 10 || members > 200_000) {
    process.stderr.write('--members must be a whole number between 10 and 200000\n');
    return 1;
  }
  if (!Number.isInteger(seed)) {
    process.stderr.write('--seed must be a whole number\n');
    return 1;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const db = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(db, defaultMigrationSources(repoRoot));
    const existing = await db.query<{ n: string }>('select count(*)::text as n from public.communities');
    if (existing.rows[0]?.n !== '0') {
      process.stderr.write(
        'The database already holds communities; seed an empty database (npm run db:reset first).\n',
      );
      return 1;
    }
    const keys = await loadKeys({
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      algorithm: config.jwtAlgorithm,
      jwtSecret: config.jwtSecret,
      anonKey: config.anonKey,
      serviceRoleKey: config.serviceRoleKey,
      cprKey: config.cprEncryptionKey,
    });
    if (config.databaseUrl && !config.cprEncryptionKey) {
      process.stdout.write('CPR_ENCRYPTION_KEY is not set: the demo stores no CPR numbers.\n');
    }
    const result = await seedDemo(db, {
      members,
      seed,
      cprKey: config.databaseUrl && !config.cprEncryptionKey ? undefined : keys.cprKey,
    });
    const counts = Object.entries(result.counts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    process.stdout.write(
      `Seeded ${result.slug} in ${(result.millis / 1000).toFixed(1)} s: ${counts}\n` +
        `Steps (ms): ${Object.entries(result.steps)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}\n` +
        result.notes.map((n) => `Note: ${n}\n`).join('') +
        `Admin login: ${result.adminEmail} / ${result.adminPassword}\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
