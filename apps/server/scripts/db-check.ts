// npm run db:check — CI's guard of the declarative schema (decision 0980). Fails, naming the
// file and line, when:
// - an object is defined twice in supabase/schemas/;
// - a schema file does not apply;
// - a database built from supabase/migrations differs from one built from supabase/schemas/
//   (the statements that would reconcile them are printed: run `npm run db:diff -- <name>`);
// - a migration after the squashed baseline drops a table, column or schema without an
//   `-- allow-drop: <reason>` comment on the line before;
// - a plpgsql function fails plpgsql_check (when the extension is installed; CI installs it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { run as migra } from '@pgkit/migra';
import {
  readSchemaFiles,
  schemaDatabaseUrl,
  withMigratedAndDeclared,
  type SchemaFile,
} from './declarative-schema';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const baselineVersion = '20261130090100';

const definition =
  /^\s*create\s+(?:or\s+replace\s+)?(function|procedure|table|view|materialized\s+view|type|sequence|index|unique\s+index|trigger|policy)\s+(?:if\s+not\s+exists\s+)?("[^"]+"|[\w.]+)(?:\s*\(([^)]*)\))?(?:.*?\bon\s+(?:only\s+)?([\w.]+))?/gim;

/** Every object the schema files create, keyed by kind, name, and arguments or table. */
export function findDuplicateDefinitions(files: SchemaFile[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const file of files) {
    for (const m of file.sql.matchAll(definition)) {
      const kind = m[1]!.toLowerCase().replace(/\s+/g, ' ').replace('unique ', '');
      const name = m[2]!.toLowerCase();
      const qualifier =
        kind === 'function' || kind === 'procedure'
          ? (m[3] ?? '')
          : kind === 'trigger' || kind === 'policy'
            ? (m[4] ?? '')
            : '';
      const key = `${kind} ${name} ${qualifier.replace(/\s+/g, ' ').trim().toLowerCase()}`;
      const line =
        file.sql.slice(0, m.index).split('\n').length + (m[0].match(/^\s*/)![0].split('\n').length - 1);
      const where = `${file.relative}:${line}`;
      const earlier = seen.get(key);
      if (earlier) problems.push(`${where}: ${kind} ${name} is already defined at ${earlier}`);
      else seen.set(key, where);
    }
  }
  return problems;
}

const dropping =
  /\b(drop\s+(table|schema)|alter\s+table\b[^;]*\bdrop\s+(column\s+)?(?!constraint|default|not\s+null|policy|trigger)\w+|truncate)\b/i;

/** Lines of migrations after the baseline that drop data without saying why. */
export function findUnmarkedDrops(migrationsDir: string): string[] {
  const problems: string[] = [];
  for (const file of fs.readdirSync(migrationsDir).sort()) {
    const version = /^(\d{14})_/.exec(file)?.[1];
    if (!version || version <= baselineVersion) continue;
    const lines = fs.readFileSync(path.join(migrationsDir, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (/^\s*--/.test(text) || !dropping.test(text)) return;
      if (/--\s*allow-drop:/i.test(lines[i - 1] ?? '')) return;
      problems.push(
        `supabase/migrations/${file}:${i + 1}: drops something that may hold data (${text.trim()}); ` +
          'if that is intended, say why in a comment "-- allow-drop: <reason>" on the line before',
      );
    });
  }
  return problems;
}

/** plpgsql_check over every plpgsql function of the club's schemas; errors only. */
async function staticCheck(
  url: string,
  files: SchemaFile[],
): Promise<{ errors: string[]; skipped: string[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const available = await client.query(
      `select 1 from pg_available_extensions where name = 'plpgsql_check'`,
    );
    if (available.rowCount === 0) {
      if (process.env.CI)
        throw new Error('plpgsql_check is not installed (apt-get install postgresql-15-plpgsql-check)');
      console.warn('plpgsql_check is not installed here; the static check of plpgsql functions is left out.');
      return { errors: [], skipped: [] };
    }
    await client.query('create extension if not exists plpgsql_check');
    // Functions that read the CPR key run in the check as they would in a request.
    await client.query(`set app.cpr_key = 'static-check'`);
    const { rows } = await client.query<{
      fn: string;
      name: string;
      creates_temp: boolean;
      lineno: number | null;
      message: string | null;
    }>(`
      with fns as (
        select p.oid, n.nspname || '.' || p.proname as name, p.oid::regprocedure::text as fn, p.prosrc,
               p.prosrc ~* 'create\\s+temp(orary)?\\s+table' as creates_temp,
               p.prorettype = 'trigger'::regtype as is_trigger, t.tgrelid, t.tgnewtable, t.tgoldtable
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        join pg_language l on l.oid = p.prolang
        left join lateral (
          select tg.tgrelid, tg.tgnewtable, tg.tgoldtable from pg_trigger tg where tg.tgfoid = p.oid
          order by (tg.tgnewtable is not null)::int + (tg.tgoldtable is not null)::int desc limit 1
        ) t on true
        where l.lanname = 'plpgsql' and n.nspname in ('public', 'app_private')
      )
      select f.fn, f.name, f.creates_temp, c.lineno, c.message
      from fns f
      left join lateral plpgsql_check_function_tb(
        f.oid, coalesce(f.tgrelid, 0), fatal_errors => false,
        newtable => f.tgnewtable, oldtable => f.tgoldtable
      ) c on not f.creates_temp and (not f.is_trigger or f.tgrelid is not null)
      where c.level = 'error' or f.creates_temp
      order by f.fn, c.lineno`);
    const errors: string[] = [];
    const skipped = new Set<string>();
    for (const row of rows) {
      if (row.creates_temp) {
        skipped.add(row.fn);
        continue;
      }
      const file = files.find((f) => f.sql.toLowerCase().includes(`function ${row.name.toLowerCase()}(`));
      const start = file
        ? file.sql.toLowerCase().split(`function ${row.name.toLowerCase()}(`)[0]!.split('\n').length
        : 0;
      const where = file ? `${file.relative}:${start + (row.lineno ?? 0)}` : row.fn;
      errors.push(`${where}: ${row.fn}: ${row.message}`);
    }
    return { errors, skipped: [...skipped] };
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const files = readSchemaFiles(repoRoot);
  const problems = [
    ...findDuplicateDefinitions(files),
    ...findUnmarkedDrops(path.join(repoRoot, 'supabase/migrations')),
  ];
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  const { difference, check } = await withMigratedAndDeclared(
    schemaDatabaseUrl(),
    repoRoot,
    async (fromUrl, targetUrl) => {
      const migration = await migra(fromUrl, targetUrl, { withPrivileges: true, unsafe: true });
      return { difference: migration.sql.trim(), check: await staticCheck(targetUrl, files) };
    },
  );
  if (difference) {
    problems.push(
      `supabase/schemas and supabase/migrations disagree; the migrations lack:\n${difference}\n` +
        '(edit the schema file or run `npm run db:diff -- <name>` and commit the migration)',
    );
  }
  problems.push(...check.errors);
  if (check.skipped.length > 0) {
    console.log(
      `plpgsql_check: ${check.skipped.length} functions that create temporary tables are checked only at run time ` +
        `(${check.skipped.join(', ')}).`,
    );
  }
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(
    `${files.length} schema files: each object defined once, the migrations reproduce them, plpgsql_check passes.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
