// The declarative club schema (decision 0980): the files under supabase/schemas/ in the order
// supabase/config.toml's [db.migrations] schema_paths lists them, and the two databases the
// schema commands compare — one built from the migrations, one from the schema files — each
// a scratch database beside the PostgreSQL server a URL names.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { parse as parseToml } from 'smol-toml';
import { globSync } from 'tinyglobby';
import { defaultMigrationSources, migrate } from '../src/database/migrator';
import { openPostgresDatabase } from '../src/database/postgres-database';

export interface SchemaFile {
  /** Relative to the repository, for messages. */
  relative: string;
  sql: string;
}

/** The schema files in the order the project applies them; each file once, at its first pattern. */
export function readSchemaFiles(repoRoot: string): SchemaFile[] {
  const supabaseDir = path.join(repoRoot, 'supabase');
  const config = parseToml(fs.readFileSync(path.join(supabaseDir, 'config.toml'), 'utf8')) as {
    db?: { migrations?: { schema_paths?: string[] } };
  };
  const patterns = config.db?.migrations?.schema_paths ?? ['./schemas/**/*.sql'];
  const seen = new Set<string>();
  const files: SchemaFile[] = [];
  for (const pattern of patterns) {
    for (const match of globSync(pattern, { cwd: supabaseDir }).sort()) {
      const absolute = path.join(supabaseDir, match);
      if (seen.has(absolute)) continue;
      seen.add(absolute);
      files.push({ relative: path.relative(repoRoot, absolute), sql: fs.readFileSync(absolute, 'utf8') });
    }
  }
  const unlisted = globSync('schemas/**/*.sql', { cwd: supabaseDir })
    .map((f) => path.join(supabaseDir, f))
    .filter((f) => !seen.has(f));
  if (unlisted.length > 0) {
    throw new Error(
      `schema files not covered by schema_paths in supabase/config.toml: ${unlisted
        .map((f) => path.relative(repoRoot, f))
        .join(', ')}`,
    );
  }
  return files;
}

/** An error in a schema file, with the line the database pointed at. */
export class SchemaFileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    reason: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${reason}`);
  }
}

function lineAt(sql: string, position: number | undefined): number | undefined {
  if (!position || position < 1) return undefined;
  return sql.slice(0, position - 1).split('\n').length;
}

/**
 * Applies the schema files to a database that has the platform migrations only, one
 * transaction each, over a plain client so a failure can name the line (the error's position).
 */
export async function applySchemaFiles(url: string, files: SchemaFile[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const file of files) {
      try {
        await client.query('begin');
        await client.query('set local check_function_bodies = off');
        await client.query(file.sql);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        const e = error as { message?: string; position?: string };
        const position = e.position === undefined ? undefined : Number(e.position);
        throw new SchemaFileError(file.relative, lineAt(file.sql, position), e.message ?? String(error));
      }
    }
  } finally {
    await client.end();
  }
}

async function withScratch<T>(baseUrl: string, name: string, run: (url: string) => Promise<T>): Promise<T> {
  const admin = await openPostgresDatabase({ connectionString: baseUrl });
  try {
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.exec(`create database ${name}`);
    const target = new URL(baseUrl);
    target.pathname = `/${name}`;
    try {
      return await run(target.toString());
    } finally {
      await admin.exec(`drop database if exists ${name} with (force)`).catch(() => undefined);
    }
  } finally {
    await admin.close();
  }
}

/**
 * Builds the two databases side by side — `from`: platform and app migrations; `target`:
 * platform migrations and the schema files — and hands their URLs to `run`.
 */
export async function withMigratedAndDeclared<T>(
  baseUrl: string,
  repoRoot: string,
  run: (fromUrl: string, targetUrl: string) => Promise<T>,
): Promise<T> {
  const suffix = `${process.pid}_${Date.now().toString(36)}`;
  const files = readSchemaFiles(repoRoot);
  return withScratch(baseUrl, `schema_from_${suffix}`, (fromUrl) =>
    withScratch(baseUrl, `schema_target_${suffix}`, async (targetUrl) => {
      const [platform, app] = defaultMigrationSources(repoRoot);
      const from = await openPostgresDatabase({ connectionString: fromUrl });
      try {
        await migrate(from, [platform!, app!]);
      } finally {
        await from.close();
      }
      const target = await openPostgresDatabase({ connectionString: targetUrl });
      try {
        await migrate(target, [platform!]);
      } finally {
        await target.close();
      }
      await applySchemaFiles(targetUrl, files);
      return run(fromUrl, targetUrl);
    }),
  );
}

/** The PostgreSQL server the schema commands use, with what to do when none is named. */
export function schemaDatabaseUrl(): string {
  const url = process.env.SCHEMA_DATABASE_URL ?? process.env.GEN_TYPES_DATABASE_URL;
  if (!url) {
    throw new Error(
      'Set SCHEMA_DATABASE_URL to a PostgreSQL 15 server the command may create scratch databases on, ' +
        'e.g. SCHEMA_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres ' +
        '(apt-get install postgresql-15).',
    );
  }
  return url;
}
