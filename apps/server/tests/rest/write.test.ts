// Writes through supabase-js: insert (single, bulk, columns, missing=default), upsert
// (merge and ignore, on_conflict, 201 vs 200), update and delete with return
// preferences, counts, max-affected, tx=rollback, and the refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestPlatform, type RestClient, type RestPlatform } from './rest-platform';

let t: RestPlatform;
let db: RestClient;
beforeAll(async () => {
  t = await startRestPlatform();
  db = t.client();
});
afterAll(async () => {
  await t.stop();
});

// maxAffected() is typed for PostgREST 13+ schemas only; the client sends it regardless.
type Limitable = { maxAffected(n: number): PromiseLike<{ error: unknown; status: number }> };
const limited = (q: unknown, n: number) => (q as Limitable).maxAffected(n);

const profile = { 'Content-Profile': 'rest_test', 'Content-Type': 'application/json' };

describe('insert', () => {
  it('inserts one row with return=minimal: 201, empty body, */* range', async () => {
    const res = await t.rest('/addresses', {
      method: 'POST',
      headers: profile,
      body: JSON.stringify({ id: 10, street: 'A' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(await res.text()).toBe('');
    const { data, error, status } = await db.from('addresses').insert({ id: 11, street: 'B' });
    expect({ data, error, status }).toEqual({ data: null, error: null, status: 201 });
  });

  it('returns the representation shaped by select, with embeds', async () => {
    const { data, status } = await db
      .from('messages')
      .insert({ message: 'hi', username: 'awailas', channel_id: 1 })
      .select('message, inserted_at, users(status)');
    expect(status).toBe(201);
    expect(data).toEqual([
      { message: 'hi', inserted_at: '2021-02-17T04:43:32.770206+00:00', users: { status: 'ONLINE' } },
    ]);
  });

  it('inserts many rows atomically with differing keys via columns=', async () => {
    const { data, error, count } = await db
      .from('addresses')
      .insert([{ id: 20, street: 'C' }, { id: 21 }], { count: 'exact' })
      .select();
    expect(error).toBeNull();
    expect(count).toBe(2);
    expect(data).toEqual([
      { id: 20, street: 'C' },
      { id: 21, street: null },
    ]);
    const dup = await db.from('addresses').insert([{ id: 22 }, { id: 20 }]);
    expect(dup.status).toBe(409);
    expect(dup.error).toEqual({
      code: '23505',
      details: 'Key (id)=(20) already exists.',
      hint: null,
      message: 'duplicate key value violates unique constraint "addresses_pkey"',
    });
    expect((await db.from('addresses').select('id').eq('id', 22)).data).toEqual([]);
  });

  it('uses column defaults for missing keys with missing=default', async () => {
    const { data, error } = await db
      .from('channels')
      .insert([{ slug: 'd1' }, { slug: 'd2', data: { x: 1 } }], { defaultToNull: false })
      .select('slug, data');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'd1', data: null },
      { slug: 'd2', data: { x: 1 } },
    ]);
    const ids = await db.from('channels').select('id').in('slug', ['d1', 'd2']);
    expect((ids.data ?? []).every((r) => typeof r.id === 'number')).toBe(true);
  });

  it('keeps big numbers exact', async () => {
    const res = await t.rest('/kinds?select=big,amount', {
      method: 'POST',
      headers: { ...profile, Prefer: 'return=representation' },
      body: '{"id": 30, "big": 9223372036854775806, "amount": 0.30000000000000000001}',
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('[{"big":9223372036854775806,"amount":0.30000000000000000001}]');
  });

  it('refuses mismatched keys, bad JSON and unknown columns', async () => {
    const mismatch = await t.rest('/addresses', {
      method: 'POST',
      headers: profile,
      body: '[{"id":1},{"street":"x"}]',
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'All object keys must match',
    });
    const bad = await t.rest('/addresses', { method: 'POST', headers: profile, body: '{"id":' });
    expect(await bad.json()).toEqual({
      code: 'PGRST102',
      details: null,
      hint: null,
      message: 'Empty or invalid json',
    });
    const { error, status } = await db.from('addresses').insert({ id: 40, nope: 1 });
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'nope' column of 'addresses' in the schema cache",
    });
  });

  it('reports constraint violations with their SQLSTATE', async () => {
    const fk = await db.from('messages').insert({ message: 'x', username: 'ghost', channel_id: 1 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const notNull = await db.from('messages').insert({ message: 'x', channel_id: 1 });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
  });
});

describe('upsert', () => {
  it('merges duplicates: 201 when something was inserted, 200 when all were updates', async () => {
    const first = await db
      .from('actors')
      .upsert([
        { id: 1, name: 'Anna' },
        { id: 9, name: 'New' },
      ])
      .select();
    expect(first.status).toBe(201);
    expect(first.data).toEqual([
      { id: 1, name: 'Anna' },
      { id: 9, name: 'New' },
    ]);
    const second = await db.from('actors').upsert({ id: 9, name: 'Newer' }).select();
    expect(second.status).toBe(200);
    expect(second.data).toEqual([{ id: 9, name: 'Newer' }]);
  });

  it('ignores duplicates and answers 201 with the inserted rows only', async () => {
    const { data, status } = await db
      .from('actors')
      .upsert({ id: 9, name: 'Ignored' }, { ignoreDuplicates: true })
      .select();
    expect(status).toBe(201);
    expect(data).toEqual([]);
  });

  it('upserts on other unique columns with on_conflict', async () => {
    const { data, error } = await db
      .from('channels')
      .upsert({ slug: 'public', data: { y: 2 } }, { onConflict: 'slug' })
      .select('id, slug, data');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, slug: 'public', data: { y: 2 } }]);
  });

  it('echoes the applied preferences', async () => {
    const res = await t.rest('/actors', {
      method: 'POST',
      headers: {
        ...profile,
        Prefer: 'resolution=merge-duplicates, missing=default, return=representation, count=exact',
      },
      body: JSON.stringify({ id: 9, name: 'Nine' }),
    });
    expect(res.headers.get('preference-applied')).toBe(
      'resolution=merge-duplicates, missing=default, return=representation, count=exact',
    );
    expect(res.headers.get('content-range')).toBe('*/1');
  });
});

describe('update and delete', () => {
  it('updates with filters: 204 minimal, 200 with the rows, Content-Range over the affected rows', async () => {
    const res = await t.rest('/films?id=in.(1,2)', {
      method: 'PATCH',
      headers: profile,
      body: JSON.stringify({ rating: 5 }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('0-1/*');
    const { data, status, count } = await db
      .from('films')
      .update({ rating: 6 }, { count: 'exact' })
      .eq('id', 1)
      .select('id, rating');
    expect(status).toBe(200);
    expect(count).toBe(1);
    expect(data).toEqual([{ id: 1, rating: 6 }]);
    const none = await db.from('films').update({ rating: 1 }).eq('id', 999).select();
    expect({ status: none.status, data: none.data }).toEqual({ status: 200, data: [] });
  });

  it('returns rows that no longer match the filter after the update', async () => {
    const { data } = await db
      .from('films')
      .update({ title: 'Alpha II' })
      .eq('title', 'Alpha')
      .select('title');
    expect(data).toEqual([{ title: 'Alpha II' }]);
  });

  it('deletes with filters and returns the deleted rows', async () => {
    await db.from('addresses').insert([{ id: 50 }, { id: 51 }]);
    const res = await t.rest('/addresses?id=eq.50', { method: 'DELETE', headers: profile });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('*/*');
    const { data, status } = await db.from('addresses').delete().eq('id', 51).select();
    expect(status).toBe(200);
    expect(data).toEqual([{ id: 51, street: null }]);
  });

  it('refuses update and delete without filters', async () => {
    const upd = await db.from('films').update({ rating: 0 });
    expect(upd.status).toBe(400);
    expect(upd.error).toEqual({
      code: '21000',
      details: null,
      hint: null,
      message: 'UPDATE requires a WHERE clause',
    });
    const del = await db.from('films').delete();
    expect(del.error?.message).toBe('DELETE requires a WHERE clause');
  });

  it('enforces max-affected with handling=strict and rolls back', async () => {
    await db.from('addresses').insert([
      { id: 60, street: 'm' },
      { id: 61, street: 'm' },
    ]);
    const { error, status } = await limited(
      db.from('addresses').update({ street: 'changed' }).eq('street', 'm'),
      1,
    );
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST124',
      details: 'The query affects 2 rows',
      hint: null,
      message: 'Query result exceeds max-affected preference constraint',
    });
    expect((await db.from('addresses').select('street').in('id', [60, 61])).data).toEqual([
      { street: 'm' },
      { street: 'm' },
    ]);
    const ok = await limited(db.from('addresses').update({ street: 'one' }).eq('id', 60), 1);
    expect(ok.status).toBe(204);
  });

  it('rolls back with tx=rollback and still answers', async () => {
    const res = await t.rest('/addresses', {
      method: 'POST',
      headers: { ...profile, Prefer: 'tx=rollback, return=representation' },
      body: JSON.stringify({ id: 70, street: 'ghost' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
    expect(await res.json()).toEqual([{ id: 70, street: 'ghost' }]);
    expect((await db.from('addresses').select().eq('id', 70)).data).toEqual([]);
  });

  it('rolls back a write whose single() result is not one row', async () => {
    await db.from('addresses').insert([
      { id: 80, street: 's' },
      { id: 81, street: 's' },
    ]);
    const { error, status } = await db
      .from('addresses')
      .update({ street: 't' })
      .eq('street', 's')
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect((await db.from('addresses').select('street').in('id', [80, 81])).data).toEqual([
      { street: 's' },
      { street: 's' },
    ]);
  });

  it('refuses invalid preferences under handling=strict', async () => {
    const res = await t.rest('/addresses?id=eq.1', {
      method: 'DELETE',
      headers: { ...profile, Prefer: 'handling=strict, bogus=1' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST122',
      details: 'Invalid preferences: bogus=1',
      hint: null,
      message: 'Invalid preferences given with handling=strict',
    });
  });
});
