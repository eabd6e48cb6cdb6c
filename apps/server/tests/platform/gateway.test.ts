import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

describe('gateway and mount points', () => {
  let t: TestPlatform;
  beforeAll(async () => {
    t = await startTestPlatform();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('answers /health with the engine and the backup status', async () => {
    const res = await fetch(`${t.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      database: expect.stringMatching(/pglite|postgres/),
      backup: { scheduled: false, last_success_at: null, last_failure_at: null },
    });
  });

  it('answers an unknown path with JSON 404 and the request id', async () => {
    const res = await fetch(`${t.url}/no/such/thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toMatch(/.+/);
    expect(await res.json()).toEqual({ message: 'No route for GET /no/such/thing' });
  });

  it('answers CORS preflight with the headers supabase-js sends', async () => {
    const res = await fetch(`${t.url}/rest/v1/things`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://example.test',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, prefer, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://example.test');
    expect(res.headers.get('access-control-allow-headers')).toContain('prefer');
  });

  it('lets a plain OPTIONS (not a preflight) through to the data service, which answers Allow', async () => {
    const res = await fetch(`${t.url}/rest/v1/things`, {
      method: 'OPTIONS',
      headers: { apikey: t.anonKey, Origin: 'http://example.test' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://example.test');
  });

  it("puts the request id and the CORS headers on every service's answers", async () => {
    const headers = { apikey: t.anonKey, origin: 'http://club.example.test', 'x-request-id': 'req-42' };
    const answers = await Promise.all(
      [
        '/auth/v1/settings',
        '/rest/v1/',
        '/rest/v1/no_such_table',
        '/storage/v1/bucket',
        '/no/such/thing',
      ].map((path) => fetch(`${t.url}${path}`, { headers })),
    );
    for (const res of answers) {
      expect(res.headers.get('x-request-id')).toBe('req-42');
      expect(res.headers.get('access-control-allow-origin')).toBe('http://club.example.test');
      expect(res.headers.get('access-control-allow-credentials')).toBe('true');
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(res.headers.get('vary')).toContain('Origin');
      await res.arrayBuffer();
    }
    const generated = await fetch(`${t.url}/health`, { headers: { 'x-request-id': 'not acceptable!' } });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a chunked body over the limit (1 MB for auth, 10 MB for data) while it streams in, and reads one within it', async () => {
    const chunked = (text: string, repeat: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let i = 0; i < repeat; i++) controller.enqueue(bytes);
          controller.close();
        },
      });
    const send = (path: string, body: ReadableStream<Uint8Array>) =>
      fetch(`${t.url}${path}`, {
        method: 'POST',
        headers: { apikey: t.anonKey, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
    const auth = await send('/auth/v1/signup', chunked('x'.repeat(64 * 1024), 20));
    expect(auth.status).toBe(413);
    expect((await auth.json()).error_code).toBe('request_entity_too_large');
    const rest = await send('/rest/v1/rpc/nothing', chunked('x'.repeat(64 * 1024), 170));
    expect(rest.status).toBe(413);
    expect((await rest.json()).error_code).toBe('request_too_large');
    const small = await send(
      '/auth/v1/token?grant_type=password',
      chunked(JSON.stringify({ email: 'nobody@example.test', password: 'wrong-password-1' }), 1),
    );
    expect(small.status).toBe(400);
    expect((await small.json()).error_code).toBe('invalid_credentials');
  });
});
