import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/database/database';
import { migrate, MigrationError, type MigrationSource } from '../../src/database/migrator';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

function folder(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
  return dir;
}

describe('migrator', () => {
  let t: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    t = await createTestDatabase({ empty: true });
    db = t.db;
  });
  afterEach(async () => {
    await t.drop();
  });

  const sources = (platform: Record<string, string>, app: Record<string, string>): MigrationSource[] => [
    { ledger: 'platform', dir: folder(platform) },
    { ledger: 'app', dir: folder(app) },
  ];

  it('applies platform then app migrations in order and records them in the ledgers', async () => {
    const s = sources(
      { '0001_base.sql': 'create schema base; create table base.t (v int);' },
      {
        '20260101000000_first.sql': 'insert into base.t values (1);',
        '20260102000000_second.sql': 'insert into base.t values (2);',
      },
    );
    const result = await migrate(db, s);
    expect(result.applied).toEqual([
      '0001_base.sql',
      '20260101000000_first.sql',
      '20260102000000_second.sql',
    ]);
    expect((await db.query('select v from base.t order by v')).rows).toEqual([{ v: 1 }, { v: 2 }]);
    const ledger = await db.query<{ version: string; name: string; statements: string[] }>(
      'select version, name, statements from supabase_migrations.schema_migrations order by version',
    );
    expect(ledger.rows).toEqual([
      { version: '20260101000000', name: 'first', statements: ['insert into base.t values (1);'] },
      { version: '20260102000000', name: 'second', statements: ['insert into base.t values (2);'] },
    ]);
  });

  it('treats a re-run as a no-op', async () => {
    const s = sources(
      { '0001_base.sql': 'create table once (v int);' },
      { '20260101000000_a.sql': 'insert into once values (1);' },
    );
    await migrate(db, s);
    const again = await migrate(db, s);
    expect(again.applied).toEqual([]);
    expect((await db.query('select count(*)::int as n from once')).rows).toEqual([{ n: 1 }]);
  });

  it('leaves no partial change when a migration fails, and names the file and the error', async () => {
    const s = sources(
      {},
      {
        '20260101000000_good.sql': 'create table good (v int);',
        '20260102000000_broken.sql':
          'create table half (v int); insert into half values (1); select * from missing_table;',
        '20260103000000_later.sql': 'create table later (v int);',
      },
    );
    const error = await migrate(db, s).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as MigrationError).file).toBe('20260102000000_broken.sql');
    expect((error as Error).message).toMatch(/20260102000000_broken\.sql failed: .*missing_table.*42P01/);
    const tables = await db.query<{ t: string }>(
      "select table_name as t from information_schema.tables where table_name in ('good', 'half', 'later') order by 1",
    );
    expect(tables.rows).toEqual([{ t: 'good' }]);
    const ledger = await db.query('select version from supabase_migrations.schema_migrations');
    expect(ledger.rows).toEqual([{ version: '20260101000000' }]);
  });

  it('refuses app migrations that do not follow the Supabase CLI naming', async () => {
    const s = sources({}, { 'add_things.sql': 'select 1;' });
    await expect(migrate(db, s)).rejects.toThrow(/add_things\.sql.*14-digit timestamp/);
  });
});
