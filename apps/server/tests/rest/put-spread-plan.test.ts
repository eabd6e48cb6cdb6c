// The PostgREST features beyond what postgrest-js builds by default: PUT single-row
// upserts and their refusals (PGRST105/114/115), Location for return=headers-only,
// text/csv request bodies, spreads of to-many embeds, and EXPLAIN media types (only when
// REST_PLAN_ENABLED is set; otherwise PGRST107).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestPlatform, type RestClient, type RestPlatform } from './rest-platform';

let t: RestPlatform;
let db: RestClient;
beforeAll(async () => {
  t = await startRestPlatform({ REST_PLAN_ENABLED: 'true' });
  db = t.client();
  await t.db.exec(`insert into rest_test.channels (id, slug) values (50, 'silent')`);
});
afterAll(async () => {
  await t.stop();
});

const json = { 'Content-Profile': 'rest_test', 'Content-Type': 'application/json' };
const csv = { 'Content-Profile': 'rest_test', 'Content-Type': 'text/csv' };
const read = { 'Accept-Profile': 'rest_test' };

async function addresses(ids: number[]) {
  const { data, error } = await db.from('addresses').select('*').in('id', ids).order('id');
  expect(error).toBeNull();
  return data;
}

async function expectError(res: Response, status: number, body: Record<string, unknown>) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await res.json()).toEqual(body);
}

describe('PUT', () => {
  it('inserts a missing row, then overwrites it: 204 with return=minimal', async () => {
    const first = await t.rest('/addresses?id=eq.100', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ id: 100, street: 'First' }),
    });
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    expect(first.headers.get('content-range')).toBeNull();
    const second = await t.rest('/addresses?id=eq.100', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ id: 100, street: 'Second' }),
    });
    expect(second.status).toBe(204);
    expect(await addresses([100])).toEqual([{ id: 100, street: 'Second' }]);
  });

  it('returns the row with return=representation (200, array, shaped by select)', async () => {
    const res = await t.rest('/addresses?id=eq.101&select=street', {
      method: 'PUT',
      headers: { ...json, Prefer: 'return=representation' },
      body: JSON.stringify([{ id: 101, street: 'Array of one' }]),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('preference-applied')).toBe('return=representation');
    expect(await res.json()).toEqual([{ street: 'Array of one' }]);
  });

  it('refuses filters that are not exactly the primary key with eq (405 PGRST105)', async () => {
    const refused = {
      code: 'PGRST105',
      details: null,
      hint: null,
      message: "Filters must include all and only primary key columns with 'eq' operators",
    };
    const body = JSON.stringify({ id: 102, street: 'x' });
    for (const query of [
      '',
      '?street=eq.x',
      '?id=gt.102',
      '?id=eq.102&street=eq.x',
      '?id=not.eq.102',
      '?or=(id.eq.102)',
    ]) {
      await expectError(
        await t.rest(`/addresses${query}`, { method: 'PUT', headers: json, body }),
        405,
        refused,
      );
    }
    expect(await addresses([102])).toEqual([]);
  });

  it('refuses limit and offset (400 PGRST114)', async () => {
    const res = await t.rest('/addresses?id=eq.103&limit=1', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ id: 103, street: 'x' }),
    });
    await expectError(res, 400, {
      code: 'PGRST114',
      details: null,
      hint: null,
      message: 'limit/offset querystring parameters are not allowed for PUT',
    });
  });

  it('refuses a body whose key differs from the URL, lacks it, or has several rows (400 PGRST115)', async () => {
    const mismatch = {
      code: 'PGRST115',
      details: null,
      hint: null,
      message: 'Payload values do not match URL in primary key column(s)',
    };
    for (const body of [{ id: 999, street: 'x' }, { street: 'x' }, [{ id: 104 }, { id: 104 }]]) {
      const res = await t.rest('/addresses?id=eq.104', {
        method: 'PUT',
        headers: json,
        body: JSON.stringify(body),
      });
      await expectError(res, 400, mismatch);
    }
    expect(await addresses([104, 999])).toEqual([]);
  });

  it('answers a key value of the wrong type with the database error', async () => {
    const res = await t.rest('/addresses?id=eq.abc', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ id: 1, street: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '22P02' });
  });
});

describe('Location for return=headers-only', () => {
  it('names the one inserted row by its primary key', async () => {
    const res = await t.rest('/addresses', {
      method: 'POST',
      headers: { ...json, Prefer: 'return=headers-only' },
      body: JSON.stringify({ id: 110, street: 'Here' }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe('/addresses?id=eq.110');
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(res.headers.get('preference-applied')).toBe('return=headers-only');
    expect(await res.text()).toBe('');
  });

  it('encodes key values, and the path works as a query', async () => {
    const res = await t.rest('/users', {
      method: 'POST',
      headers: { ...json, Prefer: 'return=headers-only' },
      body: JSON.stringify({ username: 'a b&c=d', status: 'ONLINE' }),
    });
    expect(res.status).toBe(201);
    const location = res.headers.get('location');
    expect(location).toBe('/users?username=eq.a%20b%26c%3Dd');
    const back = await t.rest(`${location!}&select=username`, { headers: read });
    expect(await back.json()).toEqual([{ username: 'a b&c=d' }]);
  });

  it('sends no Location for several rows or with return=minimal', async () => {
    const many = await t.rest('/addresses', {
      method: 'POST',
      headers: { ...json, Prefer: 'return=headers-only' },
      body: JSON.stringify([{ id: 111 }, { id: 112 }]),
    });
    expect(many.status).toBe(201);
    expect(many.headers.get('location')).toBeNull();
    const minimal = await t.rest('/addresses', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ id: 113 }),
    });
    expect(minimal.status).toBe(201);
    expect(minimal.headers.get('location')).toBeNull();
  });
});

describe('text/csv request bodies', () => {
  it('inserts the rows, with quoted fields and unquoted NULL as null', async () => {
    const res = await t.rest('/addresses?select=id,street', {
      method: 'POST',
      headers: { ...csv, Prefer: 'return=representation' },
      body: 'id,street\n120,"Main St, 1"\n121,NULL\n122,"say ""hi""\nthere"\r\n123,"NULL"\n',
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([
      { id: 120, street: 'Main St, 1' },
      { id: 121, street: null },
      { id: 122, street: 'say "hi"\nthere' },
      { id: 123, street: 'NULL' },
    ]);
  });

  it('takes a CSV body on PUT too', async () => {
    const res = await t.rest('/addresses?id=eq.124', {
      method: 'PUT',
      headers: csv,
      body: 'id,street\n124,Csv',
    });
    expect(res.status).toBe(204);
    expect(await addresses([124])).toEqual([{ id: 124, street: 'Csv' }]);
  });

  it('refuses malformed CSV with PGRST102 and unknown columns with PGRST204, inserting nothing', async () => {
    const bad = async (body: string) => {
      const res = await t.rest('/addresses', { method: 'POST', headers: csv, body });
      expect(res.status).toBe(400);
      return (await res.json()) as { code: string; message: string };
    };
    expect(await bad('id,street\n130,"open')).toMatchObject({ code: 'PGRST102' });
    expect(await bad('id,street\n131,a,b')).toMatchObject({ code: 'PGRST102' });
    expect(await bad('id,street\n132,a"b')).toMatchObject({ code: 'PGRST102' });
    expect(await bad('')).toMatchObject({ code: 'PGRST102' });
    expect(await bad('id,nope\n133,a')).toEqual({
      code: 'PGRST204',
      details: null,
      hint: null,
      message: "Could not find the 'nope' column of 'addresses' in the schema cache",
    });
    expect(await addresses([130, 131, 132, 133])).toEqual([]);
  });
});

describe('form-urlencoded request bodies', () => {
  const form = { 'Content-Profile': 'rest_test', 'Content-Type': 'application/x-www-form-urlencoded' };

  it('inserts, updates and calls a function with the form as one object of text values', async () => {
    const inserted = await t.rest('/addresses?select=id,street', {
      method: 'POST',
      headers: { ...form, Prefer: 'return=representation' },
      body: new URLSearchParams({ id: '150', street: 'Ågade 1 & 2' }).toString(),
    });
    expect(inserted.status).toBe(201);
    expect(await inserted.json()).toEqual([{ id: 150, street: 'Ågade 1 & 2' }]);
    const updated = await t.rest('/addresses?id=eq.150', {
      method: 'PATCH',
      headers: form,
      body: 'street=first&street=Last+one',
    });
    expect(updated.status).toBe(204);
    expect(await addresses([150])).toEqual([{ id: 150, street: 'Last one' }]);
    const called = await t.rest('/rpc/pick', { method: 'POST', headers: form, body: 'a=2&b=3' });
    expect(called.status).toBe(200);
    expect(await called.json()).toBe('text');
  });

  it('refuses a field that is not a column with PGRST204, inserting nothing', async () => {
    const res = await t.rest('/addresses', { method: 'POST', headers: form, body: 'id=151&nope=x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST204' });
    expect(await addresses([151])).toEqual([]);
  });
});

describe('spreads of to-many embeds', () => {
  it('turns each spread column into an array, [] when nothing is related', async () => {
    const { data, error } = await db
      .from('channels')
      .select('slug, ...messages(message, id)')
      .order('id')
      .order('id', { referencedTable: 'messages', ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'public', message: ['Hello World 👋'], id: [1] },
      {
        slug: 'random',
        message: [
          'Some message on channel wihtout details',
          'Perfection is attained, not when there is nothing more to add, but when there is nothing left to take away.',
        ],
        id: [3, 2],
      },
      { slug: 'silent', message: [], id: [] },
    ]);
  });

  it('aliases, nests to-one embeds, limits, and drops parents without rows with !inner', async () => {
    const { data, error } = await db
      .from('channels')
      .select('slug, ...messages!inner(texts:message, users(status))')
      .order('id')
      .limit(1, { referencedTable: 'messages' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'public', texts: ['Hello World 👋'], users: [{ status: 'ONLINE' }] },
      { slug: 'random', texts: [expect.any(String)], users: [{ status: 'ONLINE' }] },
    ]);
  });

  it('spreads every column for *', async () => {
    const { data, error } = await db.from('channels').select('id, ...messages(*)').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: [1],
        data: [null],
        message: ['Hello World 👋'],
        username: ['supabot'],
        channel_id: [1],
        inserted_at: ['2021-02-17T04:43:32.770206+00:00'],
      },
    ]);
  });
});

describe('EXPLAIN media types (REST_PLAN_ENABLED=true)', () => {
  it('gives the JSON plan of the read, with the for= type named', async () => {
    const res = await t.rest('/addresses?select=id&id=eq.1', {
      headers: {
        ...read,
        Accept: 'application/vnd.pgrst.plan+json; for="application/json"; options=verbose|settings;',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    );
    const plan = (await res.json()) as { Plan: { 'Node Type': string; Output?: unknown } }[];
    expect(plan).toHaveLength(1);
    expect(typeof plan[0]?.Plan['Node Type']).toBe('string');
    expect(plan[0]?.Plan.Output).toBeDefined();
  });

  it('gives the text plan through supabase-js explain(), with analyze', async () => {
    const { data, error } = await db.from('addresses').select('*').explain({ analyze: true });
    expect(error).toBeNull();
    expect(typeof data).toBe('string');
    expect(String(data)).toMatch(/^\S.*\(cost=\d+\.\d+\.\.\d+\.\d+ rows=\d+ width=\d+\) \(actual time=/);
  });

  it('explains a write with analyze and rolls it back', async () => {
    const res = await t.rest('/addresses', {
      method: 'POST',
      headers: { ...json, Accept: 'application/vnd.pgrst.plan+json; options=analyze' },
      body: JSON.stringify({ id: 140, street: 'never' }),
    });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as { Plan: Record<string, unknown> }[];
    expect(plan[0]?.Plan['Actual Rows']).toBeDefined();
    expect(await addresses([140])).toEqual([]);
  });

  it('explains an RPC call', async () => {
    const res = await t.rest('/rpc/show_timeout', {
      headers: { ...read, Accept: 'application/vnd.pgrst.plan+text' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8',
    );
    expect(await res.text()).toMatch(/cost=/);
  });

  it('refuses for= types it cannot plan with PGRST107 (unknown options are ignored, decision 1083)', async () => {
    for (const accept of ['application/vnd.pgrst.plan+json; for="image/png"']) {
      const res = await t.rest('/addresses', { headers: { ...read, Accept: accept } });
      await expectError(res, 406, {
        code: 'PGRST107',
        details: null,
        hint: null,
        message: `None of these media types are available: ${accept}`,
      });
    }
  });
});

describe('EXPLAIN media types when not enabled', () => {
  let off: RestPlatform;
  beforeAll(async () => {
    off = await startRestPlatform();
  });
  afterAll(async () => {
    await off.stop();
  });

  it('is not offered: 406 PGRST107', async () => {
    const { data, error, status } = await off
      .client()
      .from('addresses')
      .select('*')
      .explain({ format: 'json' });
    expect(data).toBeNull();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST107' });
  });
});
