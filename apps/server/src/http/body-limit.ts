// Refuses request bodies over a size with 413, before they are read. A declared
// Content-Length is judged from the header alone; only a chunked body is counted while it
// streams in (hono's bodyLimit). Judging from the header first matters for speed: touching
// the request's body stream turns @hono/node-server's lightweight request into a full
// web Request, and the body is then read through web streams instead of straight from
// the socket.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function requestBodyLimit(
  maxBytes: number,
  onError: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const streaming = bodyLimit({ maxSize: maxBytes, onError });
  return async (c, next) => {
    const chunked = c.req.header('transfer-encoding') !== undefined;
    const declared = c.req.header('content-length');
    // Without either header an HTTP/1.1 request has no body.
    if (!chunked && declared === undefined) return next();
    if (!chunked) {
      const length = Number(declared);
      return Number.isFinite(length) && length > maxBytes ? onError(c) : next();
    }
    return streaming(c, next);
  };
}

export function jsonBodyLimit(maxBytes: number): MiddlewareHandler {
  return requestBodyLimit(maxBytes, (c) =>
    c.json(
      {
        code: 413,
        error_code: 'request_too_large',
        msg: `Request body is larger than ${maxBytes} bytes`,
        message: `Request body is larger than ${maxBytes} bytes`,
      },
      413,
    ),
  );
}
