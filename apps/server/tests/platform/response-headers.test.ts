// addResponseHeaders sets headers on the handler's own response, including one whose
// headers are immutable (Response.redirect, or a response passed on from fetch()).
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { addResponseHeaders } from '../../src/http/response-headers';

function appWith(handler: () => Response): Hono {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    addResponseHeaders(c, [['X-Request-Id', 'r-1']], [['Vary', 'Origin']]);
  });
  app.get('/', handler);
  return app;
}

describe('addResponseHeaders', () => {
  it('adds to a response the handler built, keeping its status, body and headers', async () => {
    const res = await appWith(
      () => new Response('hej', { status: 201, headers: { 'content-type': 'text/plain', vary: 'Accept' } }),
    ).request('/');
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('hej');
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(res.headers.get('vary')).toBe('Accept, Origin');
  });

  it('copies a response with immutable headers once, then adds to the copy', async () => {
    const res = await appWith(() => Response.redirect('http://example.test/next', 302)).request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://example.test/next');
    expect(res.headers.get('x-request-id')).toBe('r-1');
    expect(res.headers.get('vary')).toBe('Origin');
  });
});
