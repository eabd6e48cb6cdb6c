// Write bodies that are empty, of the wrong shape or of the wrong types (issue 23): an
// empty PATCH behaves as PostgREST's (no row touched; 204, or [] with return=representation),
// and nothing malformed gets a 5xx — each answer is a 2xx or a 4xx in PostgREST's error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestPlatform, type RestPlatform } from './rest-platform';

let t: RestPlatform;
beforeAll(async () => {
  t = await startRestPlatform();
});
afterAll(async () => {
  await t.stop();
});

const write = (method: string, query: string, body: string, headers: Record<string, string> = {}) =>
  t.rest(query, {
    method,
    body,
    headers: { 'Content-Profile': 'rest_test', 'Content-Type': 'application/json', ...headers },
  });

const actors = async () =>
  (
    await t.db.query<{ id: number; name: string }>(
      'select id, name from rest_test.actors where id < 100 order by id',
    )
  ).rows;

describe('an empty PATCH', () => {
  it('touches no row and answers 204 without a body', async () => {
    const before = await actors();
    const res = await write('PATCH', '/actors?id=eq.1', '{}');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(await actors()).toEqual(before);
  });

  it('answers [] with return=representation, also with select and filters on several columns', async () => {
    for (const query of [
      '/actors?id=eq.1',
      '/actors?id=eq.1&name=eq.Ann&select=id,name',
      '/actors?id=gt.1&or=(id.eq.2,name.eq.Cy)',
    ]) {
      const res = await write('PATCH', query, '{}', { Prefer: 'return=representation' });
      expect(`${query}: ${res.status} ${await res.text()}`).toBe(`${query}: 200 []`);
    }
  });

  it('without any filter is refused like every unfiltered write (the safe-update rule)', async () => {
    const res = await write('PATCH', '/actors', '{}', { Prefer: 'return=representation' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
  });

  it('answers supabase-js update({}) with no rows and no error', async () => {
    const client = t.client({ db: { schema: 'rest_test' } });
    const result = await client.from('actors').update({}).eq('id', 2).select();
    expect(result.error).toBeNull();
    expect(result.status).toBe(200);
    expect(result.data).toEqual([]);
  });
});

// [method, path, body, Prefer] → the status PostgREST answers, or a 4xx in its error shape.
const malformed: [string, string, string, string?][] = [
  ['PATCH', '/actors?id=eq.1', '[]'],
  ['PATCH', '/actors?id=eq.1', '[{}]'],
  ['PATCH', '/actors?id=eq.1', 'null'],
  ['PATCH', '/actors?id=eq.1', '"name"'],
  ['PATCH', '/actors?id=eq.1', '42'],
  ['PATCH', '/actors?id=eq.1', 'true'],
  ['PATCH', '/actors?id=eq.1', ''],
  ['PATCH', '/actors?id=eq.1', '{"id": null}'],
  ['PATCH', '/actors?id=eq.1', '{"id": "one"}'],
  ['PATCH', '/actors?id=eq.1', '{"id": {}}'],
  ['PATCH', '/actors?id=eq.1', '{"id": [1]}'],
  ['PATCH', '/actors?id=eq.1', '{"nope": 1}'],
  ['PATCH', '/kinds?id=eq.1', '{"arr": "x", "flag": "maybe"}'],
  ['PATCH', '/kinds?id=eq.1', '{"span": 5, "day": "yesterday"}'],
  ['PATCH', '/kinds?id=eq.1', '{"status": 7}'],
  ['POST', '/actors', '{}'],
  ['POST', '/actors', '[]'],
  ['POST', '/actors', '[{}]'],
  ['POST', '/actors', '[{}, {}]', 'return=representation'],
  ['POST', '/actors', 'null'],
  ['POST', '/actors', '[null]'],
  ['POST', '/actors', '[1, 2]'],
  ['POST', '/actors', '[[]]'],
  ['POST', '/actors', '"x"'],
  ['POST', '/actors', ''],
  ['POST', '/actors', '{"id": null, "name": "x"}'],
  ['POST', '/actors', '{"id": 1.5, "name": "x"}'],
  ['POST', '/actors', '{"id": 99999999999, "name": "x"}'],
  ['POST', '/actors', '[{"id": 201}, {"name": "x"}]'],
  ['POST', '/actors?columns=id,name', '[{"id": 202}, {}]'],
  ['POST', '/actors', '{}', 'resolution=merge-duplicates'],
  ['POST', '/actors', '[{}]', 'resolution=ignore-duplicates'],
  ['POST', '/kinds', '{"id": 300, "docb": "{", "ts": "not a time"}'],
  ['POST', '/kinds', '{"id": 301, "amount": "NaNx", "big": true}'],
  ['PUT', '/actors?id=eq.1', '{}'],
  ['PUT', '/actors?id=eq.1', '[]'],
  ['PUT', '/actors?id=eq.1', 'null'],
  ['POST', '/rpc/numbers', '[]'],
  ['POST', '/rpc/numbers', 'null'],
  ['POST', '/rpc/numbers', '{"n": {}}'],
  ['POST', '/rpc/numbers', '{"n": "many"}'],
];

it.each(malformed)('%s %s %s (%s) gets no 5xx', async (method, path, body, prefer) => {
  const res = await write(method, path, body, prefer ? { Prefer: prefer } : {});
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    const error = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof error.code).toBe('string');
    expect(typeof error.message).toBe('string');
  }
});

it('kept the data as it was after all of them, and keeps serving', async () => {
  const res = await t.rest('/actors?select=id,name&id=lt.100&order=id', {
    headers: { 'Accept-Profile': 'rest_test' },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([
    { id: 1, name: 'Ann' },
    { id: 2, name: 'Bo' },
    { id: 3, name: 'Cy' },
  ]);
});
