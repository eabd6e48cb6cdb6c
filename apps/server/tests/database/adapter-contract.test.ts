// One contract for both database adapters: whatever runs on PGlite runs on PostgreSQL.
// The PostgreSQL half runs when TEST_DATABASE_URL is set (CI runs the suite both ways).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseError, type Database } from '../../src/database/database';
import { openPgliteDatabase } from '../../src/database/pglite-database';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const engines: { name: string; open: () => Promise<{ db: Database; done: () => Promise<void> }> }[] = [
  {
    name: 'pglite',
    open: async () => {
      const db = await openPgliteDatabase();
      return { db, done: () => db.close() };
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  engines.push({
    name: 'postgres',
    open: async () => {
      const t: TestDatabase = await createTestDatabase({ empty: true });
      return { db: t.db, done: () => t.drop() };
    },
  });
}

describe.each(engines)('database adapter contract: $name', ({ name, open }) => {
  let db: Database;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ db, done } = await open());
    await db.exec(`
      create table contract_items (id bigint primary key, label text not null unique, amount numeric(12,2),
        at timestamptz, doc jsonb, tags text[], flag boolean);
    `);
  });
  afterAll(async () => {
    await done();
  });

  it('reports its engine', () => {
    expect(db.engine).toBe(name);
  });

  it('compiles no statement with JIT, on any connection (decision 0967)', async () => {
    // Three at once, so that the PostgreSQL pool opens more than one connection.
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        db.query<{ no_jit: boolean }>(
          `select (current_setting('jit') = 'off' or not pg_jit_available()) as no_jit from pg_sleep(0.05)`,
        ),
      ),
    );
    expect(answers.map((a) => a.rows[0]!.no_jit)).toEqual([true, true, true]);
  });

  it('runs parameterised queries and returns values the same way on both engines', async () => {
    await db.query(
      'insert into contract_items (id, label, amount, at, doc, tags, flag) values ($1, $2, $3, $4, $5, $6, $7)',
      [
        '9007199254740993',
        'first',
        '1234.50',
        '2026-03-29T01:30:00Z',
        JSON.stringify({ a: [1, 2] }),
        ['x', 'y'],
        true,
      ],
    );
    const result = await db.query<Record<string, unknown>>(
      "select id, label, amount, at at time zone 'UTC' as at_utc, doc, tags, flag, 1::int as one from contract_items",
    );
    expect(result.rows).toEqual([
      {
        id: '9007199254740993',
        label: 'first',
        amount: '1234.50',
        at_utc: '2026-03-29 01:30:00',
        doc: { a: [1, 2] },
        tags: ['x', 'y'],
        flag: true,
        one: 1,
      },
    ]);
    expect(result.fields.map((f) => f.name)).toEqual([
      'id',
      'label',
      'amount',
      'at_utc',
      'doc',
      'tags',
      'flag',
      'one',
    ]);
  });

  it('reports affected rows for writes', async () => {
    await db.query("insert into contract_items (id, label) values (2, 'second'), (3, 'third')");
    const updated = await db.query('update contract_items set flag = false where id in (2, 3)');
    expect(updated.rowCount).toBe(2);
  });

  it('commits a transaction', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query("insert into contract_items (id, label) values (10, 'committed')");
      return 'ok';
    });
    expect(value).toBe('ok');
    const found = await db.query('select label from contract_items where id = 10');
    expect(found.rows).toEqual([{ label: 'committed' }]);
  });

  it('rolls back a transaction when the callback throws', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into contract_items (id, label) values (11, 'rolled back')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const found = await db.query('select 1 from contract_items where id = 11');
    expect(found.rows).toEqual([]);
  });

  it('rolls back when a statement inside the transaction fails', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into contract_items (id, label) values (12, 'partial')");
        await tx.query("insert into contract_items (id, label) values (13, 'first')");
      }),
    ).rejects.toBeInstanceOf(DatabaseError);
    expect((await db.query('select 1 from contract_items where id in (12, 13)')).rows).toEqual([]);
  });

  it('carries the SQLSTATE, detail and constraint of errors', async () => {
    const error = await db
      .query("insert into contract_items (id, label) values (1, 'first')")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseError);
    const dbError = error as DatabaseError;
    expect(dbError.code).toBe('23505');
    expect(dbError.constraint).toMatch(/contract_items_(pkey|label_key)/);
    expect(dbError.detail).toMatch(/already exists/);
    const missing = await db.query('select * from no_such_table').catch((e: unknown) => e);
    expect((missing as DatabaseError).code).toBe('42P01');
    const syntax = await db.exec('selec 1').catch((e: unknown) => e);
    expect((syntax as DatabaseError).code).toBe('42601');
  });

  it('stays usable after an error', async () => {
    await db.query('select 1/0').catch(() => undefined);
    expect((await db.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  });

  it('runs multi-statement scripts with exec', async () => {
    await db.exec('create table contract_script (v int); insert into contract_script values (1), (2);');
    expect((await db.query('select count(*)::int as n from contract_script')).rows).toEqual([{ n: 2 }]);
  });

  it('delivers NOTIFY payloads to listeners and stops after unsubscribe', async () => {
    const received: string[] = [];
    const unsubscribe = await db.listen('contract_channel', (payload) => received.push(payload));
    await db.query("select pg_notify('contract_channel', 'hello')");
    await expect.poll(() => received, { timeout: 5000 }).toEqual(['hello']);
    await unsubscribe();
    await db.query("select pg_notify('contract_channel', 'after')");
    await new Promise((r) => setTimeout(r, 200));
    expect(received).toEqual(['hello']);
  });
});
