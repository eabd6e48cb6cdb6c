// The functions runner through functions-js (supabase.functions.invoke) and fetch.
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/access/jwt';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

describe('functions', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform({
      FUNCTIONS_DIR: fixtures,
      FUNCTIONS_TIMEOUT_MS: '1500',
      FUNCTIONS_PUBLIC: 'public-echo',
      FUNCTIONS_ENV_FILE: path.join(fixtures, 'functions.env'),
      STORAGE_FILE_DIR: path.join(os.tmpdir(), 'functions-test-storage'),
    });
  });
  afterAll(async () => {
    await t.stop();
  });

  it('runs a function with the JSON body, headers and credentials of the call', async () => {
    const { data, error } = await t.client().functions.invoke('echo', {
      body: { hello: 'world' },
      headers: { 'x-custom': 'yes' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      method: 'POST',
      path: '/echo',
      authorization: `Bearer ${t.anonKey}`,
      apikey: t.anonKey,
      contentType: 'application/json',
      custom: 'yes',
      body: '{"hello":"world"}',
      greeting: 'hej med dig',
    });
  });

  it('hands a function only the variables it is allowed', async () => {
    const { data } = await t.client().functions.invoke('echo', { method: 'GET' });
    expect(data.envNames).toEqual([
      'EXTRA',
      'GREETING',
      'SMTP_URL',
      'SUPABASE_ANON_KEY',
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_URL',
    ]);
    expect(data.method).toBe('GET');
  });

  it('passes other methods, sub-paths and query strings through', async () => {
    const res = await fetch(`${t.url}/functions/v1/echo/deeper/path?x=1`, {
      method: 'PUT',
      headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}`, 'content-type': 'text/plain' },
      body: 'plain text',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: 'PUT',
      path: '/echo/deeper/path',
      query: '?x=1',
      body: 'plain text',
    });
  });

  it('shows the function its path as the edge runtime does, so a router with base path /<name> matches', async () => {
    const read = await t.client().functions.invoke('routed/items/42?sort=name', { method: 'GET' });
    expect(read.error).toBeNull();
    expect(read.data).toEqual({ id: '42', sort: 'name' });
    const created = await t.client().functions.invoke('routed/items', { body: { name: 'Optimist' } });
    expect(created.error).toBeNull();
    expect(created.data).toEqual({ created: { name: 'Optimist' } });
    const removed = await fetch(`${t.url}/functions/v1/echo?q=1`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${t.anonKey}` },
    });
    expect(await removed.json()).toMatchObject({ method: 'DELETE', path: '/echo', query: '?q=1' });
  });

  it('refuses a correctly signed token that has no exp claim (decision 0840)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { alg, kid, key } = t.platform.keys.signing;
    const token = await new SignJWT({ role: 'authenticated', sub: crypto.randomUUID(), iat: now })
      .setProtectedHeader(kid ? { alg, typ: 'JWT', kid } : { alg, typ: 'JWT' })
      .sign(key);
    const res = await fetch(`${t.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });

  it('verifies the JWT unless the function is public', async () => {
    const missing = await fetch(`${t.url}/functions/v1/echo`, { method: 'POST' });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const bad = await fetch(`${t.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer forged.token.here' },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const expired = await signJwt(
      t.platform.keys,
      { role: 'authenticated', sub: 'x', exp: Math.floor(Date.now() / 1000) - 120 },
      1,
    );
    const late = await fetch(`${t.url}/functions/v1/echo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(late.status).toBe(401);
    const open = await fetch(`${t.url}/functions/v1/public-echo`, { method: 'POST', body: 'hi' });
    expect(open.status).toBe(200);
    expect(await open.json()).toMatchObject({ body: 'hi', authorization: null });
  });

  it('answers an unknown function with 404 as a relay error', async () => {
    const { data, error } = await t.client().functions.invoke('no-such-function');
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Requested function was not found' });
    const traversal = await fetch(`${t.url}/functions/v1/..%2F..%2Fsrc`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.anonKey}` },
    });
    expect(traversal.status).toBe(404);
  });

  it('answers a thrown error, a non-Response result and a boot failure as relay errors', async () => {
    for (const [name, status, code] of [
      ['throws', 500, 'WORKER_ERROR'],
      ['not-response', 500, 'WORKER_ERROR'],
      ['broken', 503, 'BOOT_ERROR'],
    ] as const) {
      const { error } = await t.client().functions.invoke(name);
      expect(error, name).toBeInstanceOf(FunctionsRelayError);
      const res = (error as FunctionsRelayError).context as Response;
      expect(res.status, name).toBe(status);
      expect(res.headers.get('x-relay-error')).toBe('true');
      expect(((await res.json()) as { code: string }).code, name).toBe(code);
    }
  });

  it('stops waiting at the time limit', async () => {
    const started = Date.now();
    const { error } = await t.client().functions.invoke('slow');
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(546);
    expect(await res.json()).toMatchObject({ code: 'WORKER_LIMIT' });
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('runs Deno.serve-style functions', async () => {
    const { data, error, response } = await t.client().functions.invoke('served', { method: 'PATCH' });
    expect(error).toBeNull();
    expect(data).toBe('served PATCH');
    expect(response!.status).toBe(201);
    expect(response!.headers.get('x-served')).toBe('yes');
  });

  it('lets a function act as its caller through supabase-js', async () => {
    await t.db.exec(`
      insert into storage.buckets (id, name) values ('fn-visible', 'fn-visible'), ('fn-hidden', 'fn-hidden');
      create policy "fn visible" on storage.buckets for select to authenticated using (id = 'fn-visible');
    `);
    const token = await signJwt(t.platform.keys, { role: 'authenticated', sub: crypto.randomUUID() }, 600);
    const asUser = await t.client({ accessToken: async () => token }).functions.invoke('as-caller');
    expect(asUser.error).toBeNull();
    expect((asUser.data as { buckets: string[] }).buckets.filter((id) => id.startsWith('fn-'))).toEqual([
      'fn-visible',
    ]);
    const asService = await t.adminClient().functions.invoke('as-caller');
    expect((asService.data as { buckets: string[] }).buckets.filter((id) => id.startsWith('fn-'))).toEqual([
      'fn-hidden',
      'fn-visible',
    ]);
  });

  it('returns what the function answers for its own errors as an HTTP error', async () => {
    const res = await fetch(`${t.url}/functions/v1/as-caller`, {
      headers: { apikey: t.anonKey, authorization: `Bearer ${t.anonKey}` },
    });
    expect(res.status).toBe(200);
    const { error } = await t
      .client()
      .functions.invoke('echo', { method: 'DELETE', headers: { authorization: 'Bearer nope' } });
    expect(error).toBeInstanceOf(FunctionsHttpError);
  });
});
