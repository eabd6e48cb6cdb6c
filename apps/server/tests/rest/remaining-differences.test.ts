// Differences from PostgREST that the official postgrest-js suite still found (issue 41), each
// through the real client: bulk inserts taking column and domain defaults (columns= and
// Prefer: missing=default), aggregates inside embeds (to-one ones too), self-referencing
// embeds named by hint, and EXPLAIN's options and PGRST107 text. Decision 1083.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestPlatform, type RestClient, type RestPlatform } from './rest-platform';

let t: RestPlatform;
let db: RestClient;
beforeAll(async () => {
  t = await startRestPlatform({ REST_AGGREGATES_ENABLED: 'true', REST_PLAN_ENABLED: 'true' });
  await t.db.exec(`
    create domain rest_test.label_text as text default 'from the domain';
    create table rest_test.kits (
      id int primary key,
      name text not null default 'unnamed',
      qty int default 7,
      label rest_test.label_text,
      own_label rest_test.label_text default 'from the column',
      note text
    );
    create table rest_test.folders (
      id int primary key,
      name text not null,
      parent_id int references rest_test.folders (id)
    );
    insert into rest_test.folders values (1, 'root', null), (2, 'docs', 1), (3, 'pics', 1), (4, 'old', 2);
    create table rest_test.squads (id int primary key, title text);
    create table rest_test.squad_members (
      id int primary key,
      squad_id int not null references rest_test.squads (id),
      role text not null,
      fee numeric(8, 2)
    );
    insert into rest_test.squads values (1, 'Seniors'), (2, 'Juniors'), (3, 'Empty');
    insert into rest_test.squad_members values
      (1, 1, 'player', 100), (2, 1, 'player', 150.5), (3, 1, 'coach', null), (4, 2, 'player', 40);
    notify pgrst, 'reload schema';
  `);
  db = t.client();
});
afterAll(async () => {
  await t.stop();
});

describe('bulk insert and upsert with columns and missing=default', () => {
  it('gives a key missing from one row its column default, a domain column its domain default', async () => {
    const { data, error, status } = await db
      .from('kits')
      .insert(
        [
          { id: 1, note: 'first' },
          { id: 2, name: 'second', qty: 3, label: 'mine' },
        ],
        {
          defaultToNull: false,
        },
      )
      .select()
      .order('id');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      {
        id: 1,
        name: 'unnamed',
        qty: 7,
        label: 'from the domain',
        own_label: 'from the column',
        note: 'first',
      },
      { id: 2, name: 'second', qty: 3, label: 'mine', own_label: 'from the column', note: null },
    ]);
  });

  it('keeps an explicit null and, without missing=default, gives a missing key null', async () => {
    const kept = await db
      .from('kits')
      .insert([{ id: 3, qty: null }, { id: 4 }], { defaultToNull: false })
      .select('id, qty, label')
      .order('id');
    expect(kept.data).toEqual([
      { id: 3, qty: null, label: 'from the domain' },
      { id: 4, qty: 7, label: 'from the domain' },
    ]);
    // Without it a listed key missing from a row is null; an unlisted column still takes its default.
    const nulls = await db
      .from('kits')
      .insert([
        { id: 5, name: 'five', label: 'five' },
        { id: 6, name: 'six', qty: 1 },
      ])
      .select('id, qty, label, own_label')
      .order('id');
    expect(nulls.data).toEqual([
      { id: 5, qty: null, label: 'five', own_label: 'from the column' },
      { id: 6, qty: 1, label: null, own_label: 'from the column' },
    ]);
  });

  it('upserts with missing=default: a conflicting row takes the defaults of the keys it lacks', async () => {
    const { data, error, status } = await db
      .from('kits')
      .upsert(
        [
          { id: 1, qty: 100 },
          { id: 7, note: 'new', label: 'given' },
        ],
        { defaultToNull: false },
      )
      .select('id, name, qty, label, note')
      .order('id');
    expect(error).toBeNull();
    expect(status).toBe(201);
    // columns= is the union of the keys (id, qty, note, label): name is left alone on
    // the updated row, note and label go back to their defaults.
    expect(data).toEqual([
      { id: 1, name: 'unnamed', qty: 100, label: 'from the domain', note: null },
      { id: 7, name: 'unnamed', qty: 7, label: 'given', note: 'new' },
    ]);
  });

  it('uses only the keys columns= names and refuses an unknown one with PGRST204', async () => {
    const headers = {
      'Content-Type': 'application/json',
      'Content-Profile': 'rest_test',
      Prefer: 'return=representation, missing=default',
    };
    const res = await t.rest('/kits?columns=id,label', {
      method: 'POST',
      headers,
      body: JSON.stringify([
        { id: 8, qty: 1, ignored: true },
        { id: 9, label: 'nine' },
      ]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('missing=default, return=representation');
    expect(await res.json()).toEqual([
      { id: 8, name: 'unnamed', qty: 7, label: 'from the domain', own_label: 'from the column', note: null },
      { id: 9, name: 'unnamed', qty: 7, label: 'nine', own_label: 'from the column', note: null },
    ]);
    const unknown = await t.rest('/kits?columns=id,nope', { method: 'POST', headers, body: '[{"id": 10}]' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'nope' column of 'kits' in the schema cache",
    });
  });
});

describe('aggregates inside embeds', () => {
  it('counts and sums a to-many embed per parent, with and without grouping columns', async () => {
    const counted = await db.from('squads').select('id, squad_members(count)').order('id');
    expect(counted.data).toEqual([
      { id: 1, squad_members: [{ count: 3 }] },
      { id: 2, squad_members: [{ count: 1 }] },
      { id: 3, squad_members: [{ count: 0 }] },
    ]);
    const summed = await db
      .from('squads')
      .select('title, squad_members(fee.sum(), fee.avg(), id.min())')
      .order('id');
    expect(summed.data).toEqual([
      { title: 'Seniors', squad_members: [{ sum: 250.5, avg: 125.25, min: 1 }] },
      { title: 'Juniors', squad_members: [{ sum: 40, avg: 40, min: 4 }] },
      { title: 'Empty', squad_members: [{ sum: null, avg: null, min: null }] },
    ]);
    const grouped = await db
      .from('squads')
      .select('id, squad_members(role, members:count(), top:fee.max())')
      .eq('id', 1)
      .order('role', { referencedTable: 'squad_members' })
      .single();
    expect(grouped.data).toEqual({
      id: 1,
      squad_members: [
        { role: 'coach', members: 1, top: null },
        { role: 'player', members: 2, top: 150.5 },
      ],
    });
  });

  it('aggregates inside a to-one embed over its joined row', async () => {
    const summed = await db.from('squad_members').select('id, squads(id.sum())').in('id', [1, 4]).order('id');
    expect(summed.error).toBeNull();
    expect(summed.data).toEqual([
      { id: 1, squads: { sum: 1 } },
      { id: 4, squads: { sum: 2 } },
    ]);
    const counted = await db
      .from('squads')
      .select('title, squad_members(id, squads(count))')
      .eq('id', 2)
      .single();
    expect(counted.error).toBeNull();
    expect(counted.data).toEqual({ title: 'Juniors', squad_members: [{ id: 4, squads: { count: 1 } }] });
  });

  it('counts a to-one embed with name(count) also when aggregates are off, as the to-many form', async () => {
    const off = await startRestPlatform();
    try {
      const { data, error } = await off.client().from('messages').select('id, channels(count)').eq('id', 1);
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1, channels: { count: 1 } }]);
      const refused = await off.client().from('messages').select('id, channels(id.sum())').eq('id', 1);
      expect(refused.error?.code).toBe('PGRST123');
    } finally {
      await off.stop();
    }
  });
});

describe('self-referencing embeds', () => {
  it('gives the children for the table name and for a hint naming the key column', async () => {
    const children = await db.from('folders').select('id, children:folders!parent_id(name)').order('id');
    expect(children.error).toBeNull();
    expect(children.data).toEqual([
      { id: 1, children: [{ name: 'docs' }, { name: 'pics' }] },
      { id: 2, children: [{ name: 'old' }] },
      { id: 3, children: [] },
      { id: 4, children: [] },
    ]);
    const byTable = await db.from('folders').select('id, folders(id)').eq('id', 2).single();
    expect(byTable.data).toEqual({ id: 2, folders: [{ id: 4 }] });
  });

  it('gives the parent for the key column as the embed name, beside the children', async () => {
    const { data, error } = await db
      .from('folders')
      .select('name, parent:parent_id(name), children:folders!parent_id(name)')
      .in('id', [1, 2])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'root', parent: null, children: [{ name: 'docs' }, { name: 'pics' }] },
      { name: 'docs', parent: { name: 'root' }, children: [{ name: 'old' }] },
    ]);
  });

  it('refuses a constraint name or the referenced column as a self-reference hint with PGRST200', async () => {
    for (const hint of ['folders_parent_id_fkey', 'id']) {
      const { error, status } = await db.from('folders').select(`id, parent:folders!${hint}(*)`);
      expect(status).toBe(400);
      expect(error).toEqual({
        code: 'PGRST200',
        details: `Searched for a foreign key relationship between 'folders' and 'folders' using the hint '${hint}' in the schema 'rest_test', but no matches were found.`,
        hint: null,
        message: "Could not find a relationship between 'folders' and 'folders' in the schema cache",
      });
    }
  });

  it('accepts the referenced column as a hint between two tables, as PostgREST does', async () => {
    const { data, error } = await db.from('squad_members').select('id, squads!id(title)').eq('id', 4);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 4, squads: { title: 'Juniors' } }]);
  });
});

describe('explain with options', () => {
  it('runs every option postgrest-js sends and answers the JSON plan', async () => {
    const { data, error, status } = await db
      .from('squads')
      .select('id')
      .explain({ analyze: true, verbose: true, settings: true, buffers: true, wal: true, format: 'json' });
    expect(error).toBeNull();
    expect(status).toBe(200);
    const plan = (data as unknown as { Plan: Record<string, unknown>; 'Execution Time'?: number }[])[0];
    expect(plan?.Plan['Actual Rows']).toBeDefined();
    expect(plan?.Plan.Output).toBeDefined();
    expect(plan?.Plan['Shared Hit Blocks']).toBeDefined();
    expect(plan?.Plan['WAL Records']).toBeDefined();
    expect(typeof plan?.['Execution Time']).toBe('number');
  });

  it('ignores an option it does not know and applies the rest in their fixed order', async () => {
    const res = await t.rest('/squads?select=id', {
      headers: {
        'Accept-Profile': 'rest_test',
        Accept: 'application/vnd.pgrst.plan+text; for="application/json"; options=verbose|drop|analyze',
      },
    });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/\(actual time=/);
    expect(text).toMatch(/Output: /);
  });

  it('names the refused plan type as PostgREST does when plans are off', async () => {
    const off = await startRestPlatform();
    try {
      const plain = await off.client().from('squads').select('*').explain();
      expect(plain.status).toBe(406);
      expect(plain.error).toEqual({
        code: 'PGRST107',
        details: null,
        hint: null,
        message:
          'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"',
      });
      const withOptions = await off
        .client()
        .from('squads')
        .select('*')
        .explain({ wal: true, analyze: true, format: 'json' });
      expect(withOptions.error?.message).toBe(
        'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|wal',
      );
    } finally {
      await off.stop();
    }
  });
});
