// CORS for browser use of every service: the request headers supabase-js sends and the
// response headers it reads. Any origin is allowed, with credentials, as the services
// authenticate by header and never by cookie. Preflights are answered here; other
// responses get the headers after their handler (response-headers.ts says why).
// Paths meant for the operator's own eyes (the development inbox) get no CORS headers at
// all, so a page on another site cannot read them through the operator's browser.
import type { MiddlewareHandler } from 'hono';
import { addResponseHeaders } from './response-headers';

export const allowedRequestHeaders = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
  'range',
  'x-upsert',
  'cache-control',
  'x-metadata',
  'x-region',
  'x-retry-count',
  'x-supabase-api-version',
  'x-request-id',
  'traceparent',
  'tracestate',
  'if-none-match',
  'if-modified-since',
];

export const exposedResponseHeaders = [
  'Content-Range',
  'Content-Location',
  'Content-Length',
  'Content-Disposition',
  'X-Total-Count',
  'Link',
  'X-Supabase-Api-Version',
  'Location',
  'Preference-Applied',
  'ETag',
  'X-Request-Id',
  'X-Relay-Error',
  'Retry-After',
];

const allowMethods = 'GET,HEAD,POST,PUT,PATCH,DELETE,OPTIONS';
const maxAgeSeconds = '86400';

const exposeHeaders = exposedResponseHeaders.join(',');

/** The CORS headers every answer to an actual (non-preflight) request carries, besides Vary. */
export function corsAnswerHeaders(origin: string | undefined): [string, string][] {
  return [
    ['Access-Control-Allow-Origin', origin || '*'],
    ['Access-Control-Allow-Credentials', 'true'],
    ['Access-Control-Expose-Headers', exposeHeaders],
  ];
}

/** Path prefixes no other origin may read: no CORS headers, not even for a preflight. */
export const sameOriginOnlyPrefixes = ['/auth/v1/_dev/'];

export function platformCors(): MiddlewareHandler {
  const allowHeaders = allowedRequestHeaders.join(',');
  return async (c, next) => {
    if (sameOriginOnlyPrefixes.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const origin = c.req.header('origin') || '*';
    // A preflight names the method it asks about; a plain OPTIONS goes on to the service
    // (the data service answers it with Allow).
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) {
      return new Response(null, {
        status: 204,
        headers: {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Expose-Headers': exposeHeaders,
          'Access-Control-Max-Age': maxAgeSeconds,
          'Access-Control-Allow-Methods': allowMethods,
          'Access-Control-Allow-Headers': allowHeaders,
          Vary: 'Origin, Access-Control-Request-Headers',
        },
      });
    }
    await next();
    addResponseHeaders(c, corsAnswerHeaders(origin), [['Vary', 'Origin']]);
  };
}
