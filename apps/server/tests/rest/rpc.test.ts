// RPC through supabase-js: scalars, rows, sets with filters, void, overloads, the single
// json parameter, GET calls, read-only transactions, response GUCs and raised errors.
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

describe('results', () => {
  it('returns a scalar as its JSON value', async () => {
    const res = await db.rpc('get_status', { name_param: 'supabot' });
    expect({ data: res.data, status: res.status, error: res.error }).toEqual({
      data: 'ONLINE',
      status: 200,
      error: null,
    });
    const missing = await db.rpc('get_status', { name_param: 'nobody' });
    expect(missing.data).toBeNull();
  });

  it('returns a table-returning function as an array', async () => {
    const { data } = await db.rpc('get_username_and_status', { name_param: 'supabot' });
    expect(data).toEqual([{ username: 'supabot', status: 'ONLINE' }]);
  });

  it('returns a single row type as an object', async () => {
    const { data } = await db.rpc('first_film');
    expect(data).toEqual({ id: 1, title: 'Alpha', rating: 7.5 });
  });

  it('applies select, filters, order, range and counts to set-returning functions', async () => {
    const { data, count, status } = await db
      .rpc('films_rated', {}, { count: 'exact' })
      .select('title, actors(name)')
      .gt('rating', 7)
      .order('rating', { ascending: false })
      .range(0, 0);
    expect(status).toBe(206);
    expect(count).toBe(2);
    expect(data).toEqual([{ title: 'Beta', actors: [{ name: 'Bo' }] }]);
  });

  it('returns a set of scalars as an array', async () => {
    expect((await db.rpc('numbers', { n: 3 })).data).toEqual([1, 2, 3]);
  });

  it('answers void with 204', async () => {
    const res = await db.rpc('void_func');
    expect({ data: res.data, status: res.status, error: res.error }).toEqual({
      data: null,
      status: 204,
      error: null,
    });
  });

  it('passes the whole body to a single unnamed json parameter', async () => {
    const { data } = await db.rpc('echo', { any: ['thing', 1] });
    expect(data).toEqual({ any: ['thing', 1] });
  });

  it('calls with GET and query arguments, read-only', async () => {
    const { data, error } = await db.rpc('add_them', { a: 1, b: 2, c: 3 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(6);
    const write = await db.rpc('rename_channel', { channel: 1, new_slug: 'x' }, { get: true });
    expect(write.status).toBe(405);
    expect(write.error?.code).toBe('25006');
  });

  it('lets volatile functions write on POST, once even when counted', async () => {
    const { data, count } = await db
      .rpc('rename_channel', { channel: 2, new_slug: 'renamed' }, { count: 'exact' })
      .select('slug');
    expect(data).toEqual([{ slug: 'renamed' }]);
    expect(count).toBe(1);
    const { data: calls } = await db.rpc('bump_counter', {}, { count: 'exact' });
    expect(calls).toEqual([1]);
  });

  it('applies response.status and response.headers set by the function', async () => {
    const res = await t.rest('/rpc/teapot', {
      method: 'POST',
      headers: { 'Content-Profile': 'rest_test', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(418);
    expect(res.headers.get('x-brew')).toBe('earl grey');
    expect(await res.json()).toEqual({ short: 'stout' });
  });

  it('maps RAISE PTnnn and RAISE PGRST to their statuses', async () => {
    const pt = await db.rpc('pay_up');
    expect(pt.status).toBe(402);
    expect(pt.error).toEqual({ code: 'PT402', details: null, hint: null, message: 'Payment Required' });
    const res = await t.rest('/rpc/custom_error', {
      method: 'POST',
      headers: { 'Content-Profile': 'rest_test', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(402);
    expect(res.headers.get('x-powered-by')).toBe('Nerd Rage');
    expect(await res.json()).toEqual({
      code: '123',
      details: 'Quota exceeded',
      hint: 'Upgrade your plan',
      message: 'Payment Required',
    });
  });

  it('enforces max-affected on set-returning functions only', async () => {
    const res = await t.rest('/rpc/numbers', {
      method: 'POST',
      headers: {
        'Content-Profile': 'rest_test',
        'Content-Type': 'application/json',
        Prefer: 'handling=strict, max-affected=2',
      },
      body: '{"n": 3}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST124');
    const scalar = await t.rest('/rpc/get_status', {
      method: 'POST',
      headers: {
        'Content-Profile': 'rest_test',
        'Content-Type': 'application/json',
        Prefer: 'handling=strict, max-affected=2',
      },
      body: '{"name_param": "supabot"}',
    });
    expect((await scalar.json()).code).toBe('PGRST128');
  });
});

describe('resolution errors', () => {
  it('answers an unknown function with PGRST202', async () => {
    const { error, status } = await db.rpc('get_statu', { name_param: 'x', other: 1 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function rest_test.get_statu with parameters name_param, other or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function rest_test.get_status',
      message: 'Could not find the function rest_test.get_statu(name_param, other) in the schema cache',
    });
    const noArgs = await db.rpc('nothing_like_this');
    expect(noArgs.error?.message).toBe(
      'Could not find the function rest_test.nothing_like_this without parameters in the schema cache',
    );
  });

  it('answers wrong argument names with PGRST202', async () => {
    const { error } = await db.rpc('get_status', { wrong: 'x' });
    expect(error?.code).toBe('PGRST202');
  });

  it('answers ambiguous overloads with PGRST203', async () => {
    const { error, status } = await db.rpc('add_them', { a: 1, b: 2 });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: rest_test.add_them(a => integer, b => integer), rest_test.add_them(a => integer, b => integer, c => integer)',
    });
  });

  it('resolves overloads by argument names', async () => {
    expect((await db.rpc('pick', { a: 1 })).data).toBe('int');
    expect((await db.rpc('pick', { a: 'x', b: 'y' })).data).toBe('text');
  });

  it('refuses other methods with PGRST101', async () => {
    const res = await t.rest('/rpc/void_func', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({
      code: 'PGRST101',
      details: null,
      hint: null,
      message: 'Cannot use the PATCH method on RPC',
    });
  });

  it('answers a wrongly typed argument with 22P02', async () => {
    const { error, status } = await db.rpc('numbers', { n: 'many' });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });
});
