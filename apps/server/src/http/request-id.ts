// Request ids: taken from X-Request-Id when it looks sane, otherwise generated, and
// echoed on the response so logs and client reports can be matched.
import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { addResponseHeaders } from './response-headers';

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const id = incoming && acceptable.test(incoming) ? incoming : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    addResponseHeaders(c, [['X-Request-Id', id]]);
  };
}
