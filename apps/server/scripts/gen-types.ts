// npm run gen:types — writes packages/schemas/src/database.types.ts, the database's
// TypeScript types in the shape `supabase gen types typescript` prints, from the
// migrations: a fresh in-memory PGlite is migrated and introspected with Supabase's own
// generator (@supabase/postgrest-typegen, the engine postgres-meta runs for the CLI).
// `npm run gen:types -- --check` writes nothing and exits 1 when the file is stale (CI).
// With GEN_TYPES_DATABASE_URL set, a scratch database beside that PostgreSQL one is
// used instead of PGlite (CI does this; both engines produce the same file).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { introspect } from '@supabase/postgrest-typegen/introspection';
import { generateTypescript, sortGeneratorMetadata } from '@supabase/postgrest-typegen/generation';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPgliteDatabase } from '../src/database/pglite-database';
import { openPostgresDatabase } from '../src/database/postgres-database';
import type { Database } from '../src/database/database';
import { withScratchDatabase } from './with-scratch-database';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const target = path.join(repoRoot, 'packages/schemas/src/database.types.ts');

/** The generated types of a database that has every migration applied. */
export async function generateDatabaseTypes(db: Database): Promise<string> {
  await migrate(db, defaultMigrationSources(repoRoot));
  const metadata = await introspect(db, { includedSchemas: ['public'] });
  return generateTypescript(sortGeneratorMetadata(metadata), { detectOneToOneRelationships: true });
}

async function generateWith(opening: Promise<Database>): Promise<string> {
  const db = await opening;
  try {
    return await generateDatabaseTypes(db);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const url = process.env.GEN_TYPES_DATABASE_URL;
  const generated = url
    ? await withScratchDatabase(url, 'gen_types', (scratch) =>
        generateWith(openPostgresDatabase({ connectionString: scratch })),
      )
    : await generateWith(openPgliteDatabase());
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  const relative = path.relative(repoRoot, target);
  if (check) {
    if (current === generated) {
      console.log(`${relative} matches the migrations.`);
      return;
    }
    console.error(`${relative} is stale: run \`npm run gen:types\` and commit the result.`);
    process.exit(1);
  }
  fs.writeFileSync(target, generated);
  console.log(current === generated ? `${relative} was up to date.` : `Wrote ${relative}.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
