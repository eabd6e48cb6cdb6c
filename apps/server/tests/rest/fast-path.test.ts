// The fast read path (http/fast-path.ts, services/rest/fast-read.ts) must answer exactly as
// the Hono app does. Two HTTP servers over the same platform: one built like platform.ts
// builds its own (fast handlers first, the Hono listener as fallback), one with the Hono
// listener alone. Every request goes to both with the same X-Request-Id; status, headers
// (all but Date) and body must be identical, and each request must have taken the path it
// should (answered fast, or declined to the Hono app).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/access/jwt';
import { fastPathListener } from '../../src/http/fast-path';
import { startRestPlatform, type RestPlatform } from './rest-platform';

let t: RestPlatform;
let fastUrl: string;
let honoUrl: string;
let userJwt: string;
const declined: string[] = [];
const servers: http.Server[] = [];

async function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  t = await startRestPlatform();
  const hono = getRequestListener(t.platform.server.fetch);
  const honoListener: http.RequestListener = (req, res) => void hono(req, res);
  expect(t.platform.server.fastHandlers.length).toBeGreaterThan(0);
  fastUrl = await listen(
    fastPathListener(t.platform.server.fastHandlers, pino({ level: 'silent' }), (req, res) => {
      declined.push(`${req.method} ${req.url}`);
      honoListener(req, res);
    }),
  );
  honoUrl = await listen(honoListener);
  userJwt = await signJwt(
    t.platform.keys,
    { sub: '00000000-0000-4000-8000-000000000001', role: 'authenticated', aud: 'authenticated' },
    3600,
  );
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await t?.stop();
});

interface Seen {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request with its target exactly as given (fetch would normalize it). */
function send(
  base: string,
  method: string,
  target: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = http.request(
      { host: url.hostname, port: url.port, method, path: target, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const seen: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (name !== 'date' && value !== undefined)
              seen[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          resolve({ status: res.statusCode ?? 0, headers: seen, body: Buffer.concat(chunks).toString() });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Runs DDL, asks for a schema reload, and waits (up to 5 s) until the fast server's answer
 * to `path` shows the new schema; answers that last answer. Comparing both servers before
 * then could catch the reload between the two requests.
 */
async function changeSchema(
  sql: string,
  path: string,
  ready: (seen: Seen) => boolean = (seen) => seen.status === 200,
): Promise<Seen> {
  await t.db.exec(`${sql}; notify pgrst, 'reload schema'`);
  const headers = { apikey: t.anonKey, 'accept-profile': 'rest_test' };
  let seen = await send(fastUrl, 'GET', path, headers);
  for (let attempt = 0; attempt < 50 && !ready(seen); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await send(fastUrl, 'GET', path, headers);
  }
  return seen;
}

let sequence = 0;
/** Sends the request to both servers and returns the fast server's answer after comparing. */
async function both(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  expected: 'fast' | 'declined' = 'fast',
  body?: string,
): Promise<Seen> {
  const requestId = `parity-${++sequence}`;
  const all = { apikey: t.anonKey, 'accept-profile': 'rest_test', 'x-request-id': requestId, ...headers };
  for (const [name, value] of Object.entries(all)) if (value === '') delete all[name as keyof typeof all];
  const before = declined.length;
  const fast = await send(fastUrl, method, path, all, body);
  const wasDeclined = declined.length > before;
  const hono = await send(honoUrl, method, path, all, body);
  expect(fast).toEqual(hono);
  expect(wasDeclined ? 'declined' : 'fast').toBe(expected);
  return fast;
}

describe('reads answered on the fast path', () => {
  it('a plain read, with an embed, order and limit', async () => {
    const seen = await both(
      'GET',
      '/rest/v1/messages?select=id,message,users(username,status)&order=id.desc&limit=2',
    );
    expect(seen.status).toBe(200);
    expect(seen.headers['content-range']).toBe('0-1/*');
    expect(seen.headers['x-request-id']).toMatch(/^parity-/);
    expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(seen.body)));
    expect(JSON.parse(seen.body)).toHaveLength(2);
  });

  it('the same read again (its statement now cached) and with other values', async () => {
    const path = '/rest/v1/users?select=username,status&status=eq.ONLINE&order=username';
    const first = await both('GET', path);
    const again = await both('GET', path);
    expect([again.status, again.body]).toEqual([first.status, first.body]);
    const other = await both('GET', '/rest/v1/users?select=username,status&status=eq.OFFLINE&order=username');
    expect(other.body).not.toBe(first.body);
    const none = await both('GET', '/rest/v1/users?select=username&username=eq.nobody', {
      prefer: 'count=exact',
    });
    expect([none.status, none.body, none.headers['content-range']]).toEqual([200, '[]', '*/0']);
  });

  it('percent-encoded queries as supabase-js sends them, and filters with or=', async () => {
    await both(
      'GET',
      '/rest/v1/users?select=username%2Cstatus&or=%28status.eq.ONLINE%2Cusername.eq.kiwicopple%29',
    );
  });

  it('HEAD, Range, exact counts, CSV, single objects and many-to-many embeds', async () => {
    const head = await both('HEAD', '/rest/v1/users?select=username', { prefer: 'count=exact' });
    expect(head.body).toBe('');
    const ranged = await both('GET', '/rest/v1/users?select=username&order=username', {
      range: '1-2',
      prefer: 'count=exact',
    });
    expect(ranged.status).toBe(206);
    await both('GET', '/rest/v1/users?select=username,status&order=username', { accept: 'text/csv' });
    const one = await both('GET', '/rest/v1/users?select=username&username=eq.supabot', {
      accept: 'application/vnd.pgrst.object+json',
    });
    expect(JSON.parse(one.body)).toEqual({ username: 'supabot' });
    await both('GET', '/rest/v1/films?select=title,actors(name)&order=id');
  });

  it('the other exposed schema, the CORS headers for an origin, and a view', async () => {
    await both('GET', '/rest/v1/users?select=*', { 'accept-profile': 'personal' });
    const cors = await both('GET', '/rest/v1/active_users?select=username', {
      origin: 'https://klub.example',
    });
    expect(cors.headers['access-control-allow-origin']).toBe('https://klub.example');
    expect(cors.headers.vary).toContain('Origin');
  });

  it('row-level security as a signed-in user, and the apikey in the query string', async () => {
    await both('GET', '/rest/v1/notes?select=*', { authorization: `Bearer ${userJwt}` });
    await both('GET', `/rest/v1/users?select=username&apikey=${t.anonKey}`, { apikey: '' });
  });

  it('errors of the request and of the database, in the same wire format', async () => {
    const missing = await both('GET', '/rest/v1/no_such_table');
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).code).toBe('PGRST205');
    const badOrder = await both('GET', '/rest/v1/users?order=username.sideways');
    expect(JSON.parse(badOrder.body).code).toBe('PGRST100');
    const several = await both('GET', '/rest/v1/users?select=username', {
      accept: 'application/vnd.pgrst.object+json',
    });
    expect(JSON.parse(several.body).code).toBe('PGRST116');
    const cast = await both('GET', '/rest/v1/films?id=eq.not-a-number');
    expect(cast.status).toBe(400);
    expect(JSON.parse(cast.body).code).toBe('22P02');
    // The anon key is itself a JWT, so this caller is "authenticated" to PostgREST: 403.
    const denied = await both('GET', '/rest/v1/secrets');
    expect(denied.status).toBe(403);
    expect(JSON.parse(denied.body).code).toBe('42501');
    const schema = await both('GET', '/rest/v1/users', { 'accept-profile': 'hidden' });
    expect(JSON.parse(schema.body).code).toBe('PGRST106');
  });
});

describe('requests the fast path leaves to the Hono app', () => {
  it('callers the gateway refuses', async () => {
    const noKey = await both('GET', '/rest/v1/users', { apikey: '' }, 'declined');
    expect(noKey.status).toBe(401);
    const badJwt = await both('GET', '/rest/v1/users', { authorization: 'Bearer not.a.jwt' }, 'declined');
    expect(JSON.parse(badJwt.body).code).toBe('PGRST301');
  });

  it('other paths and methods', async () => {
    // The OpenAPI root names the server's own host, so only where it went is compared.
    const before = declined.length;
    const root = await send(fastUrl, 'GET', '/rest/v1/', { apikey: t.anonKey });
    expect(root.status).toBe(200);
    expect(declined.length).toBe(before + 1);
    await both('GET', '/rest/v1/users/', {}, 'declined');
    await both('GET', '/rest/v1/rpc/get_status?name_param=supabot', {}, 'declined');
    await both('OPTIONS', '/rest/v1/users', {}, 'declined');
    await both('DELETE', '/rest/v1/users?username=eq.nobody', {}, 'declined');
    await both('GET', '/auth/v1/health', {}, 'declined');
  });

  it('an answer whose headers Node refuses to write, without bringing the server down', async () => {
    await changeSchema(
      `
      create function rest_test.crooked_header() returns int language plpgsql as $$
      begin
        perform set_config('response.headers', '[{"X-Note": "one\\ntwo"}]', true);
        return 1;
      end $$;
      create view rest_test.crooked as select rest_test.crooked_header() as n;
      grant select on rest_test.crooked to anon`,
      '/rest/v1/crooked',
      (seen) => seen.status !== 404,
    );
    const crooked = await both('GET', '/rest/v1/crooked', {}, 'declined');
    expect(crooked.status).toBe(500);
    expect((await both('GET', '/rest/v1/users?select=username&limit=1')).status).toBe(200);
  });

  it('targets the URL parser would rewrite, and requests with a body', async () => {
    await both('GET', '/rest/v1/%2e%2e/health', {}, 'declined');
    await both('GET', '/rest/v1/users?select=username&username=eq.<b>', {}, 'declined');
    await both('GET', '/rest/v1/%ZZ', {}, 'declined');
    // URL parsing cuts "#…" off as a fragment, so the Hono app reads the relation without it.
    const fragment = await both('GET', '/rest/v1/users#x?select=username&limit=1', {}, 'declined');
    expect(fragment.status).toBe(200);
    await both('GET', '/rest/v1/users?select=username', { host: 'LOCALHOST:80' }, 'declined');
    // Hosts the URL parser rewrites (short and hexadecimal IPv4 forms) answer alike on both
    // paths; one it refuses (a broken IDNA label) makes the fast path fall back.
    await both('GET', '/rest/v1/users?select=username', { host: '127.1' });
    await both('GET', '/rest/v1/users?select=username', { host: '0x7f.0.0.1' });
    await both('GET', '/rest/v1/users?select=username', { host: 'xn--a' }, 'declined');
    const withBody = await both(
      'GET',
      '/rest/v1/users?select=username',
      { 'content-length': '2' },
      'declined',
      '{}',
    );
    expect(withBody.status).toBe(200);
  });
});

it('builds a cached read again after a schema reload', async () => {
  // The embed's join column is in the cached statement; after the foreign key moves to
  // another column, only a statement built again from the reloaded cache can run.
  const path = '/rest/v1/clubs?select=name,teams(id)';
  const expected = [{ name: 'Søndervang IF', teams: [{ id: 10 }] }];
  const reload = (sql: string) => changeSchema(sql, path);
  const created = await reload(`
    create table rest_test.clubs (id int primary key, name text);
    create table rest_test.teams (id int primary key, club_a int references rest_test.clubs (id));
    insert into rest_test.clubs values (1, 'Søndervang IF');
    insert into rest_test.teams values (10, 1);
    grant select on rest_test.clubs, rest_test.teams to anon`);
  expect(JSON.parse(created.body)).toEqual(expected);
  expect(JSON.parse((await both('GET', path)).body)).toEqual(expected);
  const moved = await reload(`
    alter table rest_test.teams drop column club_a;
    alter table rest_test.teams add column club_b int references rest_test.clubs (id);
    update rest_test.teams set club_b = 1`);
  expect(moved.status).toBe(200);
  expect(JSON.parse(moved.body)).toEqual(expected);
  expect(JSON.parse((await both('GET', path)).body)).toEqual(expected);
});

it('Danish names and values, percent-encoded as supabase-js sends them', async () => {
  const path = '/rest/v1/foreninger_%C3%A6%C3%B8%C3%A5?select=navn&navn=eq.S%C3%B8ndervang%20IF';
  const created = await changeSchema(
    `
    create table rest_test."foreninger_æøå" (id int primary key, navn text);
    insert into rest_test."foreninger_æøå" values (1, 'Søndervang IF'), (2, 'Ærø Sejlklub');
    grant select on rest_test."foreninger_æøå" to anon`,
    path,
  );
  expect(created.status).toBe(200);
  const seen = await both('GET', path);
  expect(JSON.parse(seen.body)).toEqual([{ navn: 'Søndervang IF' }]);
  expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(seen.body)));
  const missing = await both('GET', '/rest/v1/foreninger_%C3%A6%C3%B8?select=navn');
  expect(missing.status).toBe(404);
  expect(JSON.parse(missing.body)).toMatchObject({ code: 'PGRST205' });
});

it('keeps serving after every kind of answer', async () => {
  const res = await fetch(`${fastUrl}/rest/v1/users?select=username&limit=1`, {
    headers: { apikey: t.anonKey, 'accept-profile': 'rest_test' },
  });
  expect(res.status).toBe(200);
});
