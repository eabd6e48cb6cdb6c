// Request ids: taken from X-Request-Id when it looks sane, otherwise generated, and
// echoed on the response so logs and client reports can be matched.
import crypto from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { addResponseHeaders } from './response-headers';

const acceptable = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a plain token, else a new one. */
export function chooseRequestId(incoming: string | undefined): string {
  return incoming && acceptable.test(incoming) ? incoming : crypto.randomUUID();
}

export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = chooseRequestId(c.req.header('x-request-id'));
    c.set('requestId', id);
    await next();
    addResponseHeaders(c, [['X-Request-Id', id]]);
  };
}
