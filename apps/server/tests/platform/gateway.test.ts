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

  it('answers /health with the engine', async () => {
    const res = await fetch(`${t.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: expect.stringMatching(/pglite|postgres/) });
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
});
