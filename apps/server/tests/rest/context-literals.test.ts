// The request context travels as literal SQL text beside BEGIN (one round trip): every
// value must arrive byte for byte, whatever it contains, and change nothing else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, defaultMigrationSources } from '../../src/database/migrator';
import {
  queryAsCaller,
  sqlLiteral,
  withRequestContext,
  type RequestContext,
} from '../../src/database/with-request-context';
import { InlineSqlParams } from '../../src/services/rest/sql-text';
import { repoRoot } from '../../src/platform';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const awkward = [
  "it's",
  "'; drop table public.ctx_marker; --",
  'back\\slash',
  "\\'; select 1; --",
  "E'\\x41'",
  '$$ dollar $$',
  'tab\tnew\nline',
  'ünïcødé 🙂',
  '',
];

const context = (value: string): RequestContext => ({
  role: 'authenticated',
  claims: { sub: value, note: value },
  method: value,
  path: value,
  headers: { 'x-value': value },
  settings: { 'app.value': value },
});

describe('request context as literal text', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
    await migrate(t.db, defaultMigrationSources(repoRoot));
    await t.db.exec(
      'create table public.ctx_marker (id int); grant select on public.ctx_marker to authenticated;',
    );
  });
  afterAll(async () => {
    await t.drop();
  });

  const seen = (ctx: RequestContext) =>
    withRequestContext(t.db, ctx, async (tx) => {
      const result = await tx.query<Record<string, string>>(`select current_user as db_user,
        current_setting('request.jwt.claim.sub') as sub,
        current_setting('request.jwt.claims')::jsonb ->> 'note' as note,
        current_setting('request.method') as method, current_setting('request.path') as path,
        current_setting('request.headers')::jsonb ->> 'x-value' as header,
        current_setting('app.value') as extra`);
      return result.rows[0];
    });

  for (const value of awkward) {
    it(`keeps ${JSON.stringify(value)} exactly`, async () => {
      expect(await seen(context(value))).toEqual({
        db_user: 'authenticated',
        sub: value,
        note: value,
        method: value,
        path: value,
        header: value,
        extra: value,
      });
      const marker = await t.db.query('select count(*)::int as n from public.ctx_marker');
      expect(marker.rows).toEqual([{ n: 0 }]);
    });
  }

  it('means the same with standard_conforming_strings off', async () => {
    const value = "a\\'b";
    const literal = sqlLiteral(value);
    const result = await t.db.transaction(async (tx) => {
      await tx.query('set local standard_conforming_strings = off');
      return (await tx.query<{ v: string }>(`select ${literal} as v`)).rows[0]?.v;
    });
    expect(result).toBe(value);
  });

  it('refuses a NUL as Postgres refuses it, and runs nothing', async () => {
    await expect(seen(context('a\u0000b'))).rejects.toMatchObject({ code: '22021' });
    const after = await t.db.query<{ uid: string | null }>('select auth.uid() as uid');
    expect(after.rows[0]?.uid).toBeNull();
  });

  it('answers an unknown role with the database error and leaves the connection clean', async () => {
    await expect(seen({ ...context('x'), role: 'no_such_role' })).rejects.toMatchObject({ code: '22023' });
    const after = await t.db.query<{ sub: string }>(
      "select coalesce(current_setting('request.jwt.claim.sub', true), '') as sub",
    );
    expect(after.rows[0]?.sub).toBe('');
  });

  it('runs a statement with its values written in, with the context, in one text', async () => {
    for (const value of awkward) {
      const params = new InlineSqlParams();
      const sql = `select ${params.text(value)} as v, current_user as db_user,
        current_setting('request.jwt.claim.sub') as sub, current_setting('transaction_read_only') as ro,
        (select count(*)::int from public.ctx_marker where ${params.add(value)} = 'x') as n`;
      const ctx = { ...context(value), settings: { transaction_read_only: 'on' } };
      const { rows } = await queryAsCaller<Record<string, unknown>>(t.db, ctx, sql);
      expect(rows).toEqual([{ v: value, db_user: 'authenticated', sub: value, ro: 'on', n: 0 }]);
    }
    // The settings ended with the statement.
    const after = await t.db.query<{ sub: string; user: string }>(
      "select coalesce(current_setting('request.jwt.claim.sub', true), '') as sub, current_user as user",
    );
    expect(after.rows[0]?.sub).toBe('');
    expect(after.rows[0]?.user).not.toBe('authenticated');
  });

  it('rolls the whole text back when its statement fails, and leaves the connection clean', async () => {
    const ctx = context('x');
    await expect(
      queryAsCaller(
        t.db,
        { ...ctx, role: 'service_role' },
        'insert into public.ctx_marker values (1), (1/0)',
      ),
    ).rejects.toMatchObject({ code: '22012' });
    await expect(
      queryAsCaller(
        t.db,
        { ...ctx, settings: { transaction_read_only: 'on' } },
        'insert into public.ctx_marker values (2)',
      ),
    ).rejects.toMatchObject({ code: '25006' });
    const marker = await t.db.query('select count(*)::int as n from public.ctx_marker');
    expect(marker.rows).toEqual([{ n: 0 }]);
    const after = await t.db.query<{ ro: string }>("select current_setting('transaction_read_only') as ro");
    expect(after.rows[0]?.ro).toBe('off');
  });
});
