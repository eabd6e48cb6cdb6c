// Reads through supabase-js: columns, aliases, casts, JSON paths, every filter operator,
// logic trees, ordering, paging, counts, single/maybeSingle, CSV and schema profiles.
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

const names = (data: unknown) => (data as { username: string }[]).map((r) => r.username);

describe('columns', () => {
  it('renders types as Postgres does', async () => {
    const res = await t.rest('/kinds?id=eq.1', { headers: { 'Accept-Profile': 'rest_test' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('0-0/*');
    expect(await res.text()).toBe(
      '[{"id":1,"ts":"2021-02-17T04:43:32.770206+00:00","amount":12345678901234567890.123456789,"big":9223372036854775807,' +
        '"doc":{"a": 1, "b": [true, null]},"docb":{"a": 1, "b": [true, null]},"arr":[1,2,3],"words":["x y","z"],' +
        '"status":"ONLINE","span":"[1,5)","day":"2024-02-29","flag":true}]',
    );
  });

  it('selects aliases, casts and JSON paths', async () => {
    const { data, error, status } = await db
      .from('users')
      .select(
        'name:username, age_range::text, key:data->nested->>key, n:data->nested->n, first:data->list->0, status',
      )
      .eq('username', 'jsonuser');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { name: 'jsonuser', age_range: '[20,30)', key: 'value', n: 3, first: 1, status: 'ONLINE' },
    ]);
  });

  it('names a JSON path output after its last key', async () => {
    const { data } = await db.from('users').select('data->nested->>key').eq('username', 'jsonuser');
    expect(data).toEqual([{ key: 'value' }]);
  });

  it('selects and filters computed fields (functions of the row)', async () => {
    const { data, error } = await db.from('messages').select('id, excerpt').lt('id', 3).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, excerpt: 'Hello' },
      { id: 2, excerpt: 'Perfe' },
    ]);
  });

  it('answers an unknown column with 42703', async () => {
    const { error, status } = await db.from('users').select('nope');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column users.nope does not exist' });
  });

  it('answers an unknown table with PGRST205 and a suggestion', async () => {
    const { error, status } = await db.from('userz').select();
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'rest_test.users'",
      message: "Could not find the table 'rest_test.userz' in the schema cache",
    });
  });

  it('answers a malformed select with PGRST100', async () => {
    const { error, status } = await db.from('users').select('username,(');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
    expect(error?.message).toContain('failed to parse select parameter');
  });
});

describe('filters', () => {
  it('supports the comparison operators', async () => {
    expect(names((await db.from('users').select('username').eq('username', 'supabot')).data)).toEqual([
      'supabot',
    ]);
    expect(names((await db.from('users').select('username').neq('status', 'ONLINE')).data)).toEqual([
      'kiwicopple',
    ]);
    const big = await db.from('orders').select('id').gt('amount', 1).order('id');
    expect(big.data).toEqual([{ id: 1 }]);
    expect((await db.from('orders').select('id').gte('amount', 0.1).order('id')).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect((await db.from('orders').select('id').lt('id', 2)).data).toEqual([{ id: 1 }]);
    expect((await db.from('orders').select('id').lte('id', 2).order('id')).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('supports like, ilike, regex and their any/all forms', async () => {
    expect(names((await db.from('users').select('username').like('username', '%bot')).data)).toEqual([
      'supabot',
    ]);
    expect(names((await db.from('users').select('username').ilike('username', 'SUPA*')).data)).toEqual([
      'supabot',
    ]);
    expect(
      names((await db.from('users').select('username').likeAnyOf('username', ['supa%', '%copple'])).data),
    ).toEqual(['supabot', 'kiwicopple']);
    expect(
      names((await db.from('users').select('username').ilikeAllOf('username', ['S%', '%T'])).data),
    ).toEqual(['supabot']);
    expect(names((await db.from('users').select('username').match({ username: 'awailas' })).data)).toEqual([
      'awailas',
    ]);
    expect(names((await db.from('users').select('username').filter('username', 'match', '^k')).data)).toEqual(
      ['kiwicopple'],
    );
    expect(
      names((await db.from('users').select('username').filter('username', 'imatch', '^K')).data),
    ).toEqual(['kiwicopple']);
  });

  it('supports in, is and isdistinct', async () => {
    expect(
      names((await db.from('users').select('username').in('username', ['supabot', 'awailas'])).data),
    ).toEqual(['supabot', 'awailas']);
    expect((await db.from('orders').select('id').in('name', ['a,b', 'first'])).data).toEqual([{ id: 1 }]);
    expect((await db.from('orders').select('id').not('name', 'in', '(first,second)')).data).toEqual([
      { id: 3 },
    ]);
    expect((await db.from('orders').select('id').is('amount', null)).data).toEqual([{ id: 3 }]);
    expect((await db.from('kinds').select('id').is('flag', true)).data).toEqual([{ id: 1 }]);
    expect((await db.from('orders').select('id').not('amount', 'is', null).order('id')).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect(
      (await db.from('orders').select('id').isDistinct('billing_address_id', 1).order('id')).data,
    ).toEqual([{ id: 2 }, { id: 3 }]);
    expect((await db.from('orders').select('id').in('id', [])).data).toEqual([]);
  });

  it('supports full-text search on tsvector and text columns', async () => {
    expect(
      names((await db.from('users').select('username').textSearch('catchphrase', "'fat' & 'cat'")).data),
    ).toEqual(['supabot', 'dragarcia']);
    const plain = await db
      .from('users')
      .select('username')
      .textSearch('catchphrase', 'cat rat', { type: 'plain', config: 'english' });
    expect(names(plain.data)).toEqual(['dragarcia']);
    const phrase = await db
      .from('messages')
      .select('id')
      .textSearch('message', 'hello world', { type: 'phrase', config: 'english' });
    expect(phrase.data).toEqual([{ id: 1 }]);
    const web = await db
      .from('messages')
      .select('id')
      .textSearch('message', 'hello -nothing', { type: 'websearch', config: 'english' });
    expect(web.data).toEqual([{ id: 1 }]);
  });

  it('supports array, JSON and range operators', async () => {
    expect((await db.from('orders').select('id').contains('tags', ['a'])).data).toEqual([{ id: 1 }]);
    expect((await db.from('orders').select('id').containedBy('tags', ['a', 'b']).order('id')).data).toEqual([
      { id: 1 },
      { id: 3 },
    ]);
    expect((await db.from('orders').select('id').overlaps('tags', ['b']).order('id')).data).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
    expect(
      names(
        (
          await db
            .from('users')
            .select('username')
            .contains('data', { nested: { key: 'value' } })
        ).data,
      ),
    ).toEqual(['jsonuser']);
    expect(names((await db.from('users').select('username').rangeLt('age_range', '[20,40)')).data)).toEqual([
      'supabot',
    ]);
    expect(names((await db.from('users').select('username').rangeGt('age_range', '[2,10)')).data)).toEqual([
      'kiwicopple',
      'awailas',
      'jsonuser',
      'dragarcia',
    ]);
    expect(names((await db.from('users').select('username').rangeGte('age_range', '[2,30)')).data)).toEqual([
      'kiwicopple',
      'awailas',
      'jsonuser',
      'dragarcia',
    ]);
    expect(names((await db.from('users').select('username').rangeLte('age_range', '[2,4)')).data)).toEqual([
      'supabot',
    ]);
    expect(
      names((await db.from('users').select('username').rangeAdjacent('age_range', '[2,20)')).data),
    ).toEqual(['supabot', 'jsonuser', 'dragarcia']);
    expect(names((await db.from('users').select('username').overlaps('age_range', '[1,2)')).data)).toEqual([
      'supabot',
    ]);
  });

  it('filters on JSON paths', async () => {
    expect(names((await db.from('users').select('username').eq('data->nested->>key', 'value')).data)).toEqual(
      ['jsonuser'],
    );
    expect(names((await db.from('users').select('username').gt('data->nested->n', 2)).data)).toEqual([
      'jsonuser',
    ]);
  });

  it('combines or/and trees with not', async () => {
    const { data } = await db
      .from('users')
      .select('username')
      .or('status.eq.OFFLINE,and(username.like.*bot,age_range.cs."[1,2)"),username.in.("awailas","x,y")');
    expect(names(data)).toEqual(['supabot', 'kiwicopple', 'awailas']);
    const negated = await t.rest('/users?select=username&not.or=(status.eq.ONLINE,username.eq.kiwicopple)', {
      headers: { 'Accept-Profile': 'rest_test' },
    });
    expect(await negated.json()).toEqual([]);
    const and = await t.rest('/users?select=username&and=(status.eq.ONLINE,username.not.like.*a*)', {
      headers: { 'Accept-Profile': 'rest_test' },
    });
    expect(await and.json()).toEqual([{ username: 'jsonuser' }]);
    const two = await db
      .from('users')
      .select('username')
      .or('username.eq.supabot,username.eq.awailas')
      .or('status.eq.OFFLINE,status.eq.ONLINE');
    expect(names(two.data)).toEqual(['supabot', 'awailas']);
  });

  it('answers an unknown operator with PGRST100', async () => {
    const { error, status } = await db.from('users').select().filter('username', 'noop', 'x');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST100',
      details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
      hint: null,
      message: '"failed to parse filter (noop.x)" (line 1, column 1)',
    });
  });

  it('answers a value of the wrong type with 22P02', async () => {
    const { error, status } = await db.from('orders').select().eq('id', 'abc');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "abc"' });
  });
});

describe('order and paging', () => {
  it('orders with nulls placement and several terms', async () => {
    const asc = await db.from('orders').select('id').order('amount', { ascending: true, nullsFirst: true });
    expect(asc.data).toEqual([{ id: 3 }, { id: 2 }, { id: 1 }]);
    const desc = await db
      .from('orders')
      .select('id')
      .order('amount', { ascending: false, nullsFirst: false });
    expect(desc.data).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    const multi = await db
      .from('users')
      .select('username')
      .order('status')
      .order('username', { ascending: false })
      .limit(2);
    expect(names(multi.data)).toEqual(['supabot', 'jsonuser']);
  });

  it('pages with limit, offset and range and reports Content-Range', async () => {
    const { data, count, status } = await db
      .from('users')
      .select('username', { count: 'exact' })
      .order('username')
      .range(1, 2);
    expect(names(data)).toEqual(['dragarcia', 'jsonuser']);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const res = await t.rest('/users?select=username&order=username&offset=4', {
      headers: { 'Accept-Profile': 'rest_test', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('4-4/5');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
  });

  it('honours the Range header', async () => {
    const res = await t.rest('/users?select=username&order=username', {
      headers: { 'Accept-Profile': 'rest_test', Range: '0-1' },
    });
    expect(res.headers.get('content-range')).toBe('0-1/*');
    expect(await res.json()).toEqual([{ username: 'awailas' }, { username: 'dragarcia' }]);
  });

  it('answers an offset past the end with 416 PGRST103', async () => {
    const { error, status } = await db.from('users').select('*', { count: 'exact' }).range(10, 12);
    expect(status).toBe(416);
    expect(error).toEqual({
      code: 'PGRST103',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
      hint: null,
      message: 'Requested range not satisfiable',
    });
  });

  it('counts empty results as */0', async () => {
    const res = await t.rest('/users?username=eq.none', {
      headers: { 'Accept-Profile': 'rest_test', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-range')).toBe('*/0');
  });

  it('gives planned and estimated counts', async () => {
    const planned = await db.from('users').select('*', { count: 'planned', head: true });
    expect(planned.error).toBeNull();
    expect(typeof planned.count).toBe('number');
    const estimated = await db.from('users').select('*', { count: 'estimated', head: true });
    expect(estimated.count).toBe(5);
    const withPath = await db
      .from('users')
      .select('username, key:data->nested->>key', { count: 'planned' })
      .order('data->nested->>n');
    expect(withPath.error).toBeNull();
    expect(withPath.data).toHaveLength(5);
    const inner = await db
      .from('channels')
      .select('slug, messages!inner(id)', { count: 'exact' })
      .eq('messages.id', 2);
    expect(inner.count).toBe(1);
  });

  it('answers HEAD with headers and no body', async () => {
    const { data, count, status } = await db.from('users').select('*', { count: 'exact', head: true });
    expect(data).toBeNull();
    expect(count).toBe(5);
    expect(status).toBe(200);
  });
});

describe('media types', () => {
  it('returns one object with single()', async () => {
    const { data, status } = await db.from('users').select('username').eq('username', 'supabot').single();
    expect(status).toBe(200);
    expect(data).toEqual({ username: 'supabot' });
  });

  it('answers single() over several rows with PGRST116', async () => {
    const { error, status } = await db.from('users').select('username').single();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: 'PGRST116',
      details: 'The result contains 5 rows',
      hint: null,
      message: 'Cannot coerce the result to a single JSON object',
    });
  });

  it('answers single() over no rows with PGRST116 and 0 rows', async () => {
    const { error } = await db.from('users').select().eq('username', 'nobody').single();
    expect(error?.details).toBe('The result contains 0 rows');
  });

  it('returns null or the row with maybeSingle()', async () => {
    expect(
      (await db.from('users').select('username').eq('username', 'nobody').maybeSingle()).data,
    ).toBeNull();
    expect((await db.from('users').select('username').eq('username', 'awailas').maybeSingle()).data).toEqual({
      username: 'awailas',
    });
  });

  it('returns CSV', async () => {
    const { data, status } = await db.from('orders').select('id,name,tags').order('id').csv();
    expect(status).toBe(200);
    expect(data).toBe('id,name,tags\n1,first,"[""a"",""b""]"\n2,second,"[""b"",""c,d""]"\n3,third,[]');
  });

  it('strips nulls on request', async () => {
    const { data } = await db.from('orders').select('id,amount').eq('id', 3).stripNulls();
    expect(data).toEqual([{ id: 3 }]);
  });

  it('refuses an unknown media type with PGRST107', async () => {
    const res = await t.rest('/users', { headers: { 'Accept-Profile': 'rest_test', Accept: 'text/x-nope' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: text/x-nope',
    });
  });
});

describe('schemas', () => {
  it('selects a schema with Accept-Profile and says so in Content-Profile', async () => {
    const res = await t.rest('/users', { headers: { 'Accept-Profile': 'personal' } });
    expect(res.headers.get('content-profile')).toBe('personal');
    expect(await res.json()).toEqual([{ username: 'personal_bot', status: 'ONLINE' }]);
    const { data } = await t
      .client({ db: { schema: 'personal' } })
      .from('users')
      .select();
    expect(data).toEqual([{ username: 'personal_bot', status: 'ONLINE' }]);
  });

  it('refuses an unexposed schema with PGRST106', async () => {
    const { error, status } = await db.schema('hidden').from('things').select();
    expect(status).toBe(406);
    expect(error).toEqual({
      code: 'PGRST106',
      details: null,
      hint: 'Only the following schemas are exposed: rest_test, personal',
      message: 'Invalid schema: hidden',
    });
  });
});
