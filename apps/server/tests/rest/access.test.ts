// Who may do what: the API-key gateway's errors, JWT failures, 401/403 for permission
// errors, row-level security per role, the role and claims SQL sees, schema reloads,
// the OpenAPI root, and the limits the request cannot lift.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/access/jwt';
import { startRestPlatform, type RestPlatform } from './rest-platform';

const alice = '00000000-0000-4000-8000-00000000000a';
const bob = '00000000-0000-4000-8000-00000000000b';
const profile = { 'Accept-Profile': 'rest_test' };

describe('gateway and roles', () => {
  let t: RestPlatform;
  beforeAll(async () => {
    t = await startRestPlatform();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('refuses a request without an API key', async () => {
    const res = await fetch(`${t.url}/rest/v1/users`, { headers: profile });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
  });

  it('refuses a bad or expired JWT with PGRST301', async () => {
    const bad = await t.rest('/users', { headers: { ...profile, Authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await bad.json()).code).toBe('PGRST301');
    const expiredJwt = await signJwt(
      t.platform.keys,
      { sub: alice, role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 120 },
      60,
    );
    const expired = await t.rest('/users', {
      headers: { ...profile, Authorization: `Bearer ${expiredJwt}` },
    });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      code: 'PGRST301',
      details: null,
      hint: null,
      message: 'JWT expired',
    });
  });

  it('answers a permission error with 403 and SQLSTATE 42501', async () => {
    const { error, status } = await t.client().from('secrets').select();
    expect(status).toBe(403);
    expect(error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'permission denied for table secrets',
    });
    const { data } = await t.adminClient().schema('rest_test').from('secrets').select();
    expect(data).toEqual([{ id: 1, value: 'hidden' }]);
  });

  it('answers a JWT role that does not exist with 401', async () => {
    const jwt = await signJwt(t.platform.keys, { role: 'no_such_role' }, 60);
    const res = await t.rest('/users', { headers: { ...profile, Authorization: `Bearer ${jwt}` } });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe('role "no_such_role" does not exist');
  });

  it('runs SQL as the caller with the claims and request settings', async () => {
    const anon = await t.client().rpc('whoami');
    expect(anon.data).toEqual({ role: 'anon', sub: null, method: 'POST' });
    const user = await (await t.userClient(alice)).rpc('whoami', {}, { get: true });
    expect(user.data).toEqual({ role: 'authenticated', sub: alice, method: 'GET' });
    const admin = await t.adminClient().schema('rest_test').rpc('whoami');
    expect((admin.data as { role: string }).role).toBe('service_role');
  });

  it('lets each role see and change only what the policies allow', async () => {
    const a = await t.userClient(alice);
    const b = await t.userClient(bob);
    expect((await a.from('notes').insert({ body: 'alice note' }).select('body')).data).toEqual([
      { body: 'alice note' },
    ]);
    expect((await b.from('notes').insert({ body: 'bob note' }).select('body')).data).toEqual([
      { body: 'bob note' },
    ]);
    expect((await a.from('notes').select('body')).data).toEqual([{ body: 'alice note' }]);
    expect((await b.from('notes').select('body')).data).toEqual([{ body: 'bob note' }]);
    expect((await t.client().from('notes').select('body')).data).toEqual([]);
    const all = await t.adminClient().schema('rest_test').from('notes').select('body').order('id');
    expect(all.data).toEqual([{ body: 'alice note' }, { body: 'bob note' }]);

    const sneaky = await b.from('notes').update({ body: 'hacked' }).eq('body', 'alice note').select();
    expect({ status: sneaky.status, data: sneaky.data }).toEqual({ status: 200, data: [] });
    const gone = await b.from('notes').delete().eq('body', 'alice note').select();
    expect(gone.data).toEqual([]);
    const forged = await b.from('notes').insert({ body: 'forged', owner: alice });
    expect(forged.status).toBe(403);
    expect(forged.error).toEqual({
      code: '42501',
      details: null,
      hint: null,
      message: 'new row violates row-level security policy for table "notes"',
    });
    const anonInsert = await t.client().from('notes').insert({ body: 'anon', owner: alice });
    expect(anonInsert.error?.code).toBe('42501');
    expect((await a.from('notes').select('body')).data).toEqual([{ body: 'alice note' }]);
  });

  it('reloads the schema cache on NOTIFY pgrst', async () => {
    await t.client().from('users').select('username').limit(1);
    await t.db.exec(
      `create table rest_test.late (id int primary key); insert into rest_test.late values (7); notify pgrst, 'reload schema';`,
    );
    await new Promise((r) => setTimeout(r, 100));
    const { data, error } = await t.client().from('late').select();
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 7 }]);
  });

  it('describes the exposed relations and functions at the root', async () => {
    const res = await t.rest('/', { headers: profile });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/openapi+json; charset=utf-8');
    const doc = (await res.json()) as {
      swagger: string;
      paths: Record<string, unknown>;
      definitions: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(doc.swagger).toBe('2.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/users', '/messages', '/rpc/get_status']),
    );
    expect(doc.paths['/secrets']).toBeUndefined();
    expect(Object.keys(doc.definitions.users?.properties ?? {})).toEqual([
      'username',
      'data',
      'age_range',
      'status',
      'catchphrase',
    ]);
  });

  it('answers unknown paths and methods with PGRST125 and PGRST117', async () => {
    const path = await t.rest('/users/extra', { headers: profile });
    expect(path.status).toBe(404);
    expect((await path.json()).code).toBe('PGRST125');
    const method = await t.rest('/users', { method: 'PROPFIND', headers: profile, body: '{}' });
    expect(method.status).toBe(405);
    expect((await method.json()).code).toBe('PGRST117');
  });
});

describe('limits from configuration', () => {
  let t: RestPlatform;
  beforeAll(async () => {
    t = await startRestPlatform({
      REST_MAX_ROWS: '2',
      REST_MAX_URL_LENGTH: '400',
      REST_ROLE_STATEMENT_TIMEOUTS: 'anon=1234',
      REST_STATEMENT_TIMEOUT_MS: '4321',
      REST_ALLOW_UNFILTERED_WRITES: 'true',
      REST_OPENAPI_MODE: 'disabled',
      REST_SCHEMA_REFRESH_ON_MISS: 'false',
      REST_AGGREGATES_ENABLED: 'true',
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('reloads the schema cache on NOTIFY pgrst, and only then', async () => {
    // Notifications arrive in order: once this probe's reload is seen, the start-up one is
    // behind us too, and nothing else will reload the cache behind the test's back.
    await t.db.exec(`create table rest_test.late_probe (id int primary key); notify pgrst, 'reload schema'`);
    let probe = await t.client().from('late_probe').select();
    for (let i = 0; i < 40 && probe.error; i++) {
      await new Promise((r) => setTimeout(r, 50));
      probe = await t.client().from('late_probe').select();
    }
    expect(probe.error).toBeNull();
    await t.db.exec(
      `create table rest_test.late (id int primary key); insert into rest_test.late values (7);`,
    );
    const before = await t.client().from('late').select();
    expect(before.error?.code).toBe('PGRST205');
    await t.db.exec(`notify pgrst, 'reload schema'`);
    let after = await t.client().from('late').select();
    for (let i = 0; i < 20 && after.error; i++) {
      await new Promise((r) => setTimeout(r, 50));
      after = await t.client().from('late').select();
    }
    expect(after.error).toBeNull();
    expect(after.data).toEqual([{ id: 7 }]);
  });

  it('groups by the other columns when aggregates are enabled', async () => {
    const { data, error } = await t
      .client()
      .from('users')
      .select('status, n:count(), r:age_range.count()')
      .order('status');
    expect(error).toBeNull();
    expect(data).toEqual([
      { status: 'ONLINE', n: 4, r: 4 },
      { status: 'OFFLINE', n: 1, r: 1 },
    ]);
  });

  it('caps every response at the maximum number of rows', async () => {
    const { data, count, status } = await t
      .client()
      .from('users')
      .select('username', { count: 'exact' })
      .limit(10);
    expect(data).toHaveLength(2);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const embedded = await t.client().rpc('numbers', { n: 5 });
    expect(embedded.data).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses URLs over the maximum length', async () => {
    const res = await t.rest(`/users?username=eq.${'x'.repeat(500)}`, { headers: profile });
    expect(res.status).toBe(414);
    expect((await res.json()).code).toBe('PGRST100');
  });

  it('applies the per-role statement timeout', async () => {
    expect((await t.client().rpc('show_timeout')).data).toBe('1234ms');
    expect((await (await t.userClient(alice)).rpc('show_timeout')).data).toBe('4321ms');
  });

  it('allows unfiltered writes when configured', async () => {
    const { error, status } = await t.adminClient().schema('rest_test').from('films_actors').delete();
    expect({ error, status }).toEqual({ error: null, status: 204 });
  });

  it('answers the root with PGRST126 when OpenAPI is disabled', async () => {
    const res = await t.rest('/', { headers: profile });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe('PGRST126');
  });
});
