// Malformed and conflicting input: each gets its PGRST or SQLSTATE error naming the
// problem, and the server keeps serving.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startRestPlatform, type RestPlatform } from './rest-platform';

let t: RestPlatform;
beforeAll(async () => {
  t = await startRestPlatform();
});
afterAll(async () => {
  await t.stop();
});

const read = (query: string, headers: Record<string, string> = {}) =>
  t.rest(query, { headers: { 'Accept-Profile': 'rest_test', ...headers } });
const write = (method: string, query: string, body: string, headers: Record<string, string> = {}) =>
  t.rest(query, {
    method,
    body,
    headers: { 'Content-Profile': 'rest_test', 'Content-Type': 'application/json', ...headers },
  });

it('names a bad order term', async () => {
  const res = await read('/users?order=username.sideways');
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.code).toBe('PGRST100');
  expect(body.message).toBe('"failed to parse order (username.sideways)" (line 1, column 9)');
});

it('names a bad limit', async () => {
  const res = await read('/users?limit=ten');
  expect(await res.json()).toEqual({
    code: 'PGRST100',
    details: 'unexpected non-digit expecting digit',
    hint: null,
    message: '"failed to parse limit parameter (ten)" (line 1, column 1)',
  });
});

it('refuses a negative limit with 416', async () => {
  const res = await read('/users?limit=-1');
  expect(res.status).toBe(416);
  expect((await res.json()).code).toBe('PGRST103');
});

it('names a bad is value', async () => {
  const res = await read('/users?status=is.maybe');
  expect(res.status).toBe(400);
  expect((await res.json()).details).toBe(
    'unexpected "m" expecting null or not_null or true or false or unknown',
  );
});

it('names an unclosed logic tree', async () => {
  const res = await read('/users?or=(username.eq.a,status.eq.ONLINE');
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.code).toBe('PGRST100');
  expect(body.message).toContain('failed to parse logic tree');
});

it('names an unknown column in a filter and in an order', async () => {
  const filter = await read('/users?nope=eq.1');
  expect(filter.status).toBe(400);
  expect((await filter.json()).message).toBe('column users.nope does not exist');
  const order = await read('/users?order=nope.desc');
  expect((await order.json()).code).toBe('42703');
});

it('names a bad cast', async () => {
  const res = await read('/users?select=username::nosuchtype');
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ code: '42704', message: 'type "nosuchtype" does not exist' });
});

it('lets the first of conflicting preferences win', async () => {
  const res = await write('POST', '/actors', JSON.stringify({ id: 100, name: 'X' }), {
    Prefer: 'return=representation, return=minimal',
  });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual([{ id: 100, name: 'X' }]);
});

it('answers malformed RPC bodies with PGRST102', async () => {
  const res = await write('POST', '/rpc/numbers', '{"n":');
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    code: 'PGRST102',
    details: null,
    hint: null,
    message: 'Empty or invalid json',
  });
});

it('answers a PATCH with an array body with PGRST102', async () => {
  const res = await write('PATCH', '/actors?id=eq.1', '[{"name":"x"}]');
  expect(res.status).toBe(400);
  expect((await res.json()).code).toBe('PGRST102');
});

it('answers a value of the wrong type in a body with 22P02', async () => {
  const res = await write('POST', '/actors', '{"id":"one","name":"x"}');
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    code: '22P02',
    message: 'invalid input syntax for type integer: "one"',
  });
});

it('answers NUL bytes and odd characters without failing', async () => {
  const nul = await read('/users?username=eq.a%00b');
  expect([200, 400]).toContain(nul.status);
  const quoted = await read('/users?select=%22user%5C%22name%22');
  expect(quoted.status).toBe(400);
  expect(await quoted.json()).toMatchObject({
    code: '42703',
    message: 'column users.user"name does not exist',
  });
  const doubled = await read('/users?select=%22user%22%22name%22');
  expect((await doubled.json()).code).toBe('PGRST100');
  const alive = await read('/users?select=username&limit=1');
  expect(alive.status).toBe(200);
});

it('treats prototype names in preferences and arguments as plain unknown names', async () => {
  const prefer = await write('POST', '/actors', JSON.stringify({ id: 101, name: 'Y' }), {
    Prefer: 'toString, __proto__=x, constructor',
  });
  expect(prefer.status).toBe(201);
  const strict = await write('POST', '/actors', JSON.stringify({ id: 102, name: 'Z' }), {
    Prefer: 'handling=strict, toString',
  });
  expect(await strict.json()).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: toString' });
  const args = await read('/rpc/numbers?n=2&__proto__=1&toString=2');
  expect(args.status).toBe(404);
  expect((await args.json()).code).toBe('PGRST202');
});
